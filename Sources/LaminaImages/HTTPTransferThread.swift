import CCurl
import Foundation
import LaminaLayers
@_spi(LaminaInternals) import LaminaTrace

/// The thread every ``ImageLoader``'s HTTP transfers run on: one libcurl multi handle driving
/// all of them at once (non-blocking sockets, one `poll` for all), with the connection cache
/// that keeps connections to a host open between fetches. Started with the first transfer and
/// kept for the life of the process, named "http" in the trace.
///
/// Other threads talk to it through a command list and `curl_multi_wakeup`; only this thread
/// touches the curl handles.
final class HTTPTransferThread: Sendable {
    static let shared = HTTPTransferThread()

    private enum Command {
        case start(HTTPTransfer)
        case cancel(HTTPTransfer, ImageLoadingError)
    }

    /// The multi handle (`CURLM *`): created here, then used by the transfer thread and by
    /// `curl_multi_wakeup`, which is safe from any thread.
    private nonisolated(unsafe) let multi: UnsafeMutableRawPointer
    private let commands = Locked<[Command]>([])

    private init() {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        guard let multi = curl_multi_init() else { fatalError("Lamina: libcurl could not create a multi handle") }
        self.multi = multi
        _ = DedicatedThread(named: "http") { [self] in run() }
    }

    /// Starts `transfer`; its completion is called on this thread.
    func start(_ transfer: HTTPTransfer) {
        send(.start(transfer))
    }

    /// Stops `transfer`, closing its connection, and completes it with `error` unless it has
    /// already ended.
    func cancel(_ transfer: HTTPTransfer, with error: ImageLoadingError) {
        send(.cancel(transfer, error))
    }

    private func send(_ command: Command) {
        commands.withLock { $0.append(command) }
        curl_multi_wakeup(multi)
    }

    // MARK: - The transfer thread

    private func run() {
        var running: Int32 = 0
        while true {
            for command in commands.withLock({ commands in defer { commands = [] }; return commands }) {
                switch command {
                case let .start(transfer): begin(transfer)
                case let .cancel(transfer, error): end(transfer, with: .failure(error))
                }
            }
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                var context: UnsafeMutableRawPointer?
                _ = lamina_curl_info_pointer(handle, CURLINFO_PRIVATE, &context)
                guard let context else { continue }
                let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
                responseEnded(transfer, code: lamina_curl_message_result(message))
            }
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }

    private func begin(_ transfer: HTTPTransfer) {
        guard !transfer.isFinished else { return }
        guard let handle = curl_easy_init() else {
            transfer.finish(.failure(.transport("libcurl could not create a handle")))
            return
        }
        transfer.handle = handle
        let context = Unmanaged.passRetained(transfer).toOpaque()
        _ = lamina_curl_set_pointer(handle, CURLOPT_PRIVATE, context)
        _ = lamina_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = lamina_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = lamina_curl_set_callback(handle, CURLOPT_WRITEFUNCTION, receiveBody)
        _ = lamina_curl_set_callback(handle, CURLOPT_HEADERFUNCTION, receiveHeader)
        _ = lamina_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = lamina_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        // Redirects are followed by HTTPTransfer, which refuses loops; curl reports each one.
        _ = lamina_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        // Sends Accept-Encoding for these and inflates the body before the write callback.
        _ = lamina_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "gzip, deflate")
        _ = lamina_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(Self.requestHeaders))
        _ = lamina_curl_set_string(handle, CURLOPT_USERAGENT, "Lamina-ImageLoader")
        request(transfer)
    }

    /// Points the transfer's handle at its URL (the first, or the one a redirect gave) with
    /// what is left of the deadline, and adds it to the multi handle.
    private func request(_ transfer: HTTPTransfer) {
        guard let handle = transfer.handle else { return }
        _ = lamina_curl_set_string(handle, CURLOPT_URL, transfer.url.absoluteString)
        let timeout = transfer.millisecondsLeft
        _ = lamina_curl_set_long(handle, CURLOPT_TIMEOUT_MS, timeout)
        _ = lamina_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout)
        let added = curl_multi_add_handle(multi, handle)
        if added != CURLM_OK { end(transfer, with: .failure(.transport(String(cString: curl_multi_strerror(added))))) }
    }

    private func responseEnded(_ transfer: HTTPTransfer, code: CURLcode) {
        switch transfer.responseEnded(code) {
        case let .body(data): end(transfer, with: .success(data))
        case let .failure(error): end(transfer, with: .failure(error))
        case .redirect:
            guard let handle = transfer.handle else { return }
            curl_multi_remove_handle(multi, handle)
            request(transfer)
        }
    }

    /// Releases the transfer's handle (closing a connection in the middle of a body) and
    /// completes it.
    private func end(_ transfer: HTTPTransfer, with result: Result<Data, ImageLoadingError>) {
        if let handle = transfer.handle {
            transfer.handle = nil
            curl_multi_remove_handle(multi, handle)
            curl_easy_cleanup(handle)
            Unmanaged.passUnretained(transfer).release()
        }
        transfer.finish(result)
    }

    /// The request headers every fetch sends, made once and never freed (curl reads them for
    /// each request; it does not copy the list).
    private nonisolated(unsafe) static let requestHeaders: UnsafeMutablePointer<curl_slist> = {
        guard let list = curl_slist_append(nil, "Accept: image/png, image/jpeg;q=0.9, image/*;q=0.8") else {
            fatalError("Lamina: libcurl could not allocate a header list")
        }
        return list
    }()
}

/// CURLOPT_WRITEFUNCTION: body bytes for the transfer in `context`.
private func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
                         _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context else { return 0 }
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    // A count other than the one given tells curl to stop with CURLE_WRITE_ERROR.
    return transfer.receiveBody(bytes) ? size * count : 0
}

/// CURLOPT_HEADERFUNCTION: one header line for the transfer in `context`.
private func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
                           _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context, let data else { return 0 }
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
    return transfer.receiveHeader(line) ? size * count : 0
}
