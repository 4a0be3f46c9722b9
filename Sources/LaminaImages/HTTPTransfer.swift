import CCurl
import Foundation
import Synchronization

/// One `http(s)://` fetch on the transfer thread: its curl handle, the response read so far,
/// and the loader's limits, checked as the headers and the body arrive. Redirects are followed
/// here rather than by curl, so that a cycle is refused at the first URL seen twice.
///
/// Created by ``HTTPFetcher``; after ``HTTPTransferThread/start(_:)`` only the transfer thread
/// touches it.
final class HTTPTransfer: @unchecked Sendable {
    struct Limits {
        var maximumBodyBytes: Int
        var maximumRedirects: Int
        var deadline: ContinuousClock.Instant
    }

    let limits: Limits
    private(set) var url: URL
    /// Called once, on the transfer thread, with the body or the reason there is none.
    private var completion: (@Sendable (Result<Data, ImageLoadingError>) -> Void)?
    /// The curl easy handle while the transfer runs.
    var handle: UnsafeMutableRawPointer?

    private var visited: Set<String>
    private var redirects = 0
    private var body = Data()
    // The current response, reset by each status line (a redirect's, a 100 Continue's).
    private var status = 0
    private var contentType: String?
    private var declaredLength: Int?
    private var location: String?
    /// The current response is a redirect to follow: its body is read and dropped.
    private var isRedirect = false
    /// Why a callback stopped the transfer, when it did.
    private var failure: ImageLoadingError?

    private let counter: Counter

    init(url: URL, limits: Limits, counter: Counter,
         completion: @escaping @Sendable (Result<Data, ImageLoadingError>) -> Void) {
        self.url = url
        self.limits = limits
        self.counter = counter
        self.completion = completion
        visited = [url.absoluteString]
        counter.live.add(1, ordering: .relaxed)
    }

    deinit {
        counter.live.subtract(1, ordering: .relaxed)
    }

    /// How many of one fetcher's transfers exist (for tests: the transfer thread holds each one
    /// from its start to its end, and nothing may hold it after).
    final class Counter: Sendable {
        let live = Atomic<Int>(0)
    }

    /// Ends the transfer with `result` (the first call wins).
    func finish(_ result: Result<Data, ImageLoadingError>) {
        guard let completion else { return }
        self.completion = nil
        body = Data()
        completion(result)
    }

    var isFinished: Bool { completion == nil }

    // MARK: - Headers

    /// One header line of the response, status lines and the blank line that ends them included.
    /// Returns false to stop the transfer (``failure`` says why).
    func receiveHeader(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("HTTP/") {
            let fields = trimmed.split(separator: " ", maxSplits: 2)
            status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            contentType = nil
            declaredLength = nil
            location = nil
            isRedirect = false
            return true
        }
        guard !trimmed.isEmpty else { return headersEnded() }
        guard let colon = trimmed.firstIndex(of: ":") else { return true }
        let name = trimmed[..<colon].lowercased()
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch name {
        case "content-type": contentType = value
        case "content-length": declaredLength = Int(value)
        case "location": location = value
        default: break
        }
        return true
    }

    /// The checks a response's headers allow: its status, its type, its declared length.
    private func headersEnded() -> Bool {
        if (100..<200).contains(status) { return true }
        if (300..<400).contains(status), location != nil {
            isRedirect = true
            return true
        }
        guard (200..<300).contains(status) else { return stop(.httpStatus(status)) }
        guard HTTPFetcher.isImage(contentType: contentType) else { return stop(.notAnImage(contentType: contentType)) }
        // A compressed body's declared length is its compressed size: a lower bound either way.
        if let declaredLength, declaredLength > limits.maximumBodyBytes {
            return stop(.tooLarge(limit: limits.maximumBodyBytes))
        }
        return true
    }

    // MARK: - Body

    /// Body bytes, inflated when the server compressed them. Returns false to stop the transfer
    /// when they pass the limit: a gzip bomb stops at the limit, one buffer of curl's later.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // A response that is neither 2xx nor a redirect was stopped when its headers ended.
        if isRedirect { return true }
        guard body.count + bytes.count <= limits.maximumBodyBytes else {
            return stop(.tooLarge(limit: limits.maximumBodyBytes))
        }
        body.append(contentsOf: bytes)
        return true
    }

    private func stop(_ error: ImageLoadingError) -> Bool {
        failure = error
        return false
    }

    // MARK: - The end of one response

    /// What to do once curl has read one response completely: the body, a redirect to follow
    /// (the URL is already set on the handle), or an error.
    enum Outcome {
        case body(Data)
        case redirect
        case failure(ImageLoadingError)
    }

    func responseEnded(_ code: CURLcode) -> Outcome {
        if let failure { return .failure(failure) }
        guard code == CURLE_OK else { return .failure(HTTPFetcher.loadingError(for: code)) }
        guard isRedirect, let location else {
            guard status != 0 else { return .failure(.transport("no HTTP response")) }
            return .body(body)
        }
        guard let next = URL(string: location, relativeTo: url)?.absoluteURL,
              let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https",
              next.host?.isEmpty == false else {
            return .failure(.unsupportedURL(location))
        }
        // Past the limit, or back to a URL already fetched: a loop never ends, so it fails now.
        guard redirects < limits.maximumRedirects, visited.insert(next.absoluteString).inserted else {
            return .failure(.tooManyRedirects)
        }
        redirects += 1
        url = next
        body = Data()
        status = 0
        isRedirect = false
        return .redirect
    }

    /// Milliseconds left before the deadline, at least 1 (curl reads 0 as no timeout).
    var millisecondsLeft: Int {
        Int(max(1, ((limits.deadline - .now) / .milliseconds(1)).rounded(.up)))
    }
}
