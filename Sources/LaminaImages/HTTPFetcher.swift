import CCurl
import Foundation
@_spi(LaminaInternals) import LaminaTrace

/// Fetches one `http(s)://` body with libcurl on the ``HTTPTransferThread``, keeping the
/// loader's limits: the whole request (redirects included) under one deadline, 2xx statuses
/// only, an image content type, at most `maximumRedirects` redirects and never the same URL
/// twice, and at most `maximumBodyBytes` after decompression — counted buffer by buffer as the
/// body arrives, so the fetch never holds more than the limit.
struct HTTPFetcher: Sendable {
    let configuration: ImageLoader.Configuration
    private let inFlight = Locked(InFlight())
    /// This fetcher's transfers that have not been freed.
    let transfers = HTTPTransfer.Counter()

    private struct InFlight {
        var isShutDown = false
        var transfers: [ObjectIdentifier: HTTPTransfer] = [:]
    }

    init(configuration: ImageLoader.Configuration) {
        self.configuration = configuration
    }

    /// The body at `url`, within the limits; throws the typed error for whatever broke them.
    /// The deadline is curl's: each request of the fetch is given what is left of it.
    func fetch(_ url: URL) async throws(ImageLoadingError) -> Data {
        do {
            return try await download(url)
        } catch let error as ImageLoadingError {
            throw error
        } catch {
            throw error is CancellationError ? .cancelled : .transport(String(describing: error))
        }
    }

    /// Ends every transfer under way with a transport error, and fails every later one.
    func shutdown() {
        let transfers = inFlight.withLock { state in
            state.isShutDown = true
            return Array(state.transfers.values)
        }
        for transfer in transfers { HTTPTransferThread.shared.cancel(transfer, with: Self.shutDownError) }
    }

    private static let shutDownError = ImageLoadingError.transport("the image loader was shut down")

    private func download(_ url: URL) async throws -> Data {
        let limits = HTTPTransfer.Limits(
            maximumBodyBytes: configuration.maximumBodyBytes, maximumRedirects: configuration.maximumRedirects,
            deadline: .now + configuration.timeout)
        let box = ContinuationBox()
        let transfer = HTTPTransfer(url: url, limits: limits, counter: transfers) { result in box.resume(with: result) }
        let id = ObjectIdentifier(transfer)
        let isShutDown = inFlight.withLock { state in
            if !state.isShutDown { state.transfers[id] = transfer }
            return state.isShutDown
        }
        if isShutDown { throw Self.shutDownError }
        defer { inFlight.withLock { _ = $0.transfers.removeValue(forKey: id) } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                box.set(continuation)
                HTTPTransferThread.shared.start(transfer)
            }
        } onCancel: {
            HTTPTransferThread.shared.cancel(transfer, with: .cancelled)
        }
    }

    /// Image types, and the generic binary types some servers send for everything; an absent
    /// type is allowed (the bytes still have to be PNG or JPEG).
    static func isImage(contentType: String?) -> Bool {
        guard let contentType else { return true }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.hasPrefix("image/") || type == "application/octet-stream" || type == "binary/octet-stream"
    }

    /// The typed error for a transfer that libcurl ended with `code`.
    static func loadingError(for code: CURLcode) -> ImageLoadingError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_TOO_MANY_REDIRECTS: .tooManyRedirects
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL: .unsupportedURL(String(cString: curl_easy_strerror(code)))
        default: .transport(String(cString: curl_easy_strerror(code)))
        }
    }
}

/// The continuation a transfer resumes from the transfer thread, resumed once. A transfer
/// cancelled before its task started waiting (a task cancelled already) ends before the
/// continuation exists: its result waits here for it.
private final class ContinuationBox: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Data, any Error>)
        case ended(Result<Data, ImageLoadingError>)
        case resumed
    }

    private let state = Locked(State.empty)

    func set(_ continuation: CheckedContinuation<Data, any Error>) {
        let ended = state.withLock { state -> Result<Data, ImageLoadingError>? in
            guard case let .ended(result) = state else {
                state = .waiting(continuation)
                return nil
            }
            state = .resumed
            return result
        }
        if let ended { continuation.resume(with: ended.mapError { $0 }) }
    }

    func resume(with result: Result<Data, ImageLoadingError>) {
        let continuation = state.withLock { state -> CheckedContinuation<Data, any Error>? in
            switch state {
            case let .waiting(continuation):
                state = .resumed
                return continuation
            case .empty:
                state = .ended(result)
                return nil
            case .ended, .resumed:
                return nil
            }
        }
        continuation?.resume(with: result.mapError { $0 })
    }
}
