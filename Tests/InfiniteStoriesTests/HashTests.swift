import Foundation
import Testing

@testable import InfiniteStories

@Suite("Stable hash")
struct HashTests {
    @Test("SHA-256 matches the FIPS 180-4 test vectors")
    func vectors() {
        func digest(_ text: String) -> String { StableHash.hex(StableHash.sha256(Data(text.utf8))) }
        #expect(digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(digest(String(repeating: "a", count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("keys separate their parts")
    func parts() {
        #expect(StableHash.key(["ab", "c"]) != StableHash.key(["a", "bc"]))
        #expect(StableHash.key(["ab", "c"]) == StableHash.key(["ab", "c"]))
    }
}
