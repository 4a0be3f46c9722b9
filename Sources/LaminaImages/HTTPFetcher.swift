import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import LaminaLoop

/// Fetches one `http(s)://` body with AsyncHTTPClient, keeping the loader's limits: the whole
/// request under one deadline, 2xx statuses only, an image content type, and at most
/// `maximumBodyBytes` (after decompression) — counted chunk by chunk as the body streams in,
/// so the fetch never holds more than the limit plus one chunk. The body is pulled one chunk
/// at a time, so the connection is read no faster than it is consumed (backpressure).
struct HTTPFetcher: Sendable {
    let client: HTTPClient
    let configuration: ImageLoader.Configuration

    /// The client the loader owns: redirects bounded, cycles refused, gzip and deflate bodies
    /// inflated with a size limit, so a gzip bomb stops inside the decompressor.
    static func makeClient(configuration: ImageLoader.Configuration) -> HTTPClient {
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: max(0, configuration.maximumRedirects), allowCycles: false),
            decompression: .enabled(limit: .size(configuration.maximumBodyBytes))
        )
        clientConfiguration.connectionPool = .init(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, configuration.maximumConcurrentFetches)
        )
        // A refused connection fails the load at once instead of retrying until the deadline:
        // an image is not worth waiting for a server that is not there.
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)
    }

    /// The body at `url`, within the limits; throws the typed error for whatever broke them.
    func fetch(_ url: URL) async throws(ImageLoadingError) -> Data {
        do {
            return try await withDeadline(configuration.timeout) { try await download(url) }
        } catch let error as ImageLoadingError {
            throw error
        } catch {
            throw loadingError(for: error)
        }
    }

    private func download(_ url: URL) async throws -> Data {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "image/png, image/jpeg;q=0.9, image/*;q=0.8")
        request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        let deadline = NIODeadline.now() + .nanoseconds(configuration.timeout.saturatedNanoseconds)
        let response = try await client.execute(request, deadline: deadline)
        guard (200..<300).contains(Int(response.status.code)) else {
            throw ImageLoadingError.httpStatus(Int(response.status.code))
        }
        let contentType = response.headers.first(name: "content-type")
        guard Self.isImage(contentType: contentType) else { throw ImageLoadingError.notAnImage(contentType: contentType) }
        let limit = configuration.maximumBodyBytes
        // A declared length over the limit fails before the first byte (a compressed body's
        // declared length is its compressed size, so this is a lower bound either way).
        if let declared = response.headers.first(name: "content-length").flatMap(Int.init), declared > limit {
            throw ImageLoadingError.tooLarge(limit: limit)
        }
        var data = Data()
        for try await chunk in response.body {
            guard data.count + chunk.readableBytes <= limit else { throw ImageLoadingError.tooLarge(limit: limit) }
            data.append(contentsOf: chunk.readableBytesView)
        }
        return data
    }

    /// Image types, and the generic binary types some servers send for everything; an absent
    /// type is allowed (the bytes still have to be PNG or JPEG).
    static func isImage(contentType: String?) -> Bool {
        guard let contentType else { return true }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.hasPrefix("image/") || type == "application/octet-stream" || type == "binary/octet-stream"
    }

    /// The typed error for what AsyncHTTPClient, NIO or the decompressor threw.
    func loadingError(for error: any Error) -> ImageLoadingError {
        if error is CancellationError { return .cancelled }
        if let error = error as? NIOHTTPDecompression.DecompressionError, error == .limit {
            return .tooLarge(limit: configuration.maximumBodyBytes)
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .redirectCycleDetected, .redirectLimitReached: return .tooManyRedirects
            case .deadlineExceeded, .readTimeout, .connectTimeout: return .timedOut
            case .cancelled: return .cancelled
            case .invalidURL, .emptyHost, .emptyScheme: return .unsupportedURL(String(describing: error))
            default: break
            }
        }
        return .transport(String(describing: error))
    }
}

/// Runs `body`, throwing ``ImageLoadingError/timedOut`` (and cancelling it) once `timeout`
/// passes, whatever `body` is waiting for.
func withDeadline<T: Sendable>(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw ImageLoadingError.timedOut
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw ImageLoadingError.cancelled }
        return first
    }
}
