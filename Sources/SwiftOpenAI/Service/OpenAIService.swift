import AICore
import Foundation

/// The OpenAI API. Obtain one from ``OpenAIServiceFactory``.
///
/// Every method has a form with ``RequestOptions`` for per-call timeouts, retries and headers.
/// Failures are thrown as ``APIError``.
///
/// The service is composed of one protocol per endpoint area, each declared next to its area's types:
/// ``OpenAIChatService``, ``OpenAIStoredChatService``, ``OpenAIModelsService``, ``OpenAIEmbeddingsService``, ``OpenAIModerationsService``,
/// ``OpenAIResponsesService``, ``OpenAIAudioService``, ``OpenAIImagesService``, ``OpenAIFilesService``,
/// ``OpenAIBatchesService``, ``OpenAIFineTuningService``, ``OpenAIVectorStoresService`` and
/// ``OpenAIAssistantsService``, ``OpenAIRealtimeService``, ``OpenAIConversationsService``, ``OpenAIContainersService``,
/// ``OpenAISkillsService``, ``OpenAIEvalsService``, ``OpenAIChatKitService`` and ``OpenAIContentProvenanceService``. Code that needs one area can ask for that protocol alone, and a mock can
/// implement only that area. The few conveniences that span areas (a batch created from requests uploads
/// its input file first) are extensions of this protocol.
public protocol OpenAIService:
    OpenAIChatService, OpenAIStoredChatService, OpenAIModelsService, OpenAIEmbeddingsService, OpenAIModerationsService,
    OpenAIResponsesService, OpenAIAudioService, OpenAIImagesService, OpenAIFilesService,
    OpenAIBatchesService, OpenAIFineTuningService, OpenAIVectorStoresService, OpenAIAssistantsService,
    OpenAIRealtimeService, OpenAIConversationsService, OpenAIContainersService, OpenAISkillsService, OpenAIEvalsService,
    OpenAIChatKitService, OpenAIContentProvenanceService
{}
