import AICore
import Foundation

// The Responses types spell identifiers `itemID` and `fileID`, as the rest of SwiftOpenAI does (`threadID`,
// `fileID`, `vectorStoreID`). Code written against the earlier `itemId`/`fileId` spellings keeps compiling, with
// a deprecation warning that names the new spelling. The old initializers take the old label without a default,
// so a call that names neither resolves to the current initializer.

extension ResponseStreamEvent.ContentPartEvent {
    @available(*, deprecated, renamed: "itemID")
    public var itemId: String? { get { itemID } set { itemID = newValue } }
}

extension ResponseStreamEvent.TextDelta {
    @available(*, deprecated, renamed: "itemID")
    public var itemId: String? { get { itemID } set { itemID = newValue } }

    @available(*, deprecated, renamed: "init(sequenceNumber:itemID:outputIndex:contentIndex:summaryIndex:delta:)")
    public init(
        sequenceNumber: Int? = nil, itemId: String?, outputIndex: Int? = nil, contentIndex: Int? = nil,
        summaryIndex: Int? = nil, delta: String
    ) {
        self.init(
            sequenceNumber: sequenceNumber, itemID: itemId, outputIndex: outputIndex, contentIndex: contentIndex,
            summaryIndex: summaryIndex, delta: delta)
    }
}

extension ResponseStreamEvent.TextDone {
    @available(*, deprecated, renamed: "itemID")
    public var itemId: String? { get { itemID } set { itemID = newValue } }
}

extension ResponseStreamEvent.AnnotationAdded {
    @available(*, deprecated, renamed: "itemID")
    public var itemId: String? { get { itemID } set { itemID = newValue } }
}

extension ResponseStreamEvent.SummaryPartEvent {
    @available(*, deprecated, renamed: "itemID")
    public var itemId: String? { get { itemID } set { itemID = newValue } }
}

extension ResponseStreamEvent.ItemProgress {
    @available(*, deprecated, renamed: "itemID")
    public var itemId: String? { get { itemID } set { itemID = newValue } }
}

extension ResponseStreamEvent.PartialImage {
    @available(*, deprecated, renamed: "itemID")
    public var itemId: String? { get { itemID } set { itemID = newValue } }
}

extension ResponseStreamEvent.ShellCallEvent {
    @available(*, deprecated, renamed: "itemID")
    public var itemId: String? { get { itemID } set { itemID = newValue } }
}

extension ResponseModel.OutputItem.Message.Annotation {
    @available(*, deprecated, renamed: "fileID")
    public var fileId: String? { get { fileID } set { fileID = newValue } }

    @available(*, deprecated, renamed: "init(type:url:title:fileID:filename:containerId:index:startIndex:endIndex:)")
    public init(
        type: String, url: String? = nil, title: String? = nil, fileId: String?, filename: String? = nil,
        containerId: String? = nil, index: Int? = nil, startIndex: Int? = nil, endIndex: Int? = nil
    ) {
        self.init(
            type: type, url: url, title: title, fileID: fileId, filename: filename, containerId: containerId,
            index: index, startIndex: startIndex, endIndex: endIndex)
    }
}

extension ResponseModel.OutputItem.FileSearchCall.Result {
    @available(*, deprecated, renamed: "fileID")
    public var fileId: String? { get { fileID } set { fileID = newValue } }
}

extension ModelResponseParameter.InputImage {
    @available(*, deprecated, renamed: "fileID")
    public var fileId: String? { get { fileID } set { fileID = newValue } }

    @available(*, deprecated, renamed: "init(imageUrl:fileID:detail:)")
    public init(imageUrl: String? = nil, fileId: String?, detail: String? = nil) {
        self.init(imageUrl: imageUrl, fileID: fileId, detail: detail)
    }
}

extension ModelResponseParameter.InputFile {
    @available(*, deprecated, renamed: "fileID")
    public var fileId: String? { get { fileID } set { fileID = newValue } }

    @available(*, deprecated, renamed: "init(fileID:fileUrl:fileData:filename:)")
    public init(fileId: String?, fileUrl: String? = nil, fileData: String? = nil, filename: String? = nil) {
        self.init(fileID: fileId, fileUrl: fileUrl, fileData: fileData, filename: filename)
    }
}

extension ModelResponseParameter.CodeInterpreterTool {
    @available(*, deprecated, renamed: "auto(fileIDs:)")
    public static func auto(fileIds: [String]) -> ModelResponseParameter.CodeInterpreterTool {
        auto(fileIDs: fileIds)
    }
}
