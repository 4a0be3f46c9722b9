import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// Answers each request on one connection from the server's routes, counting as it goes. Runs
/// on the connection's event loop only.
final class RouteHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let state: NIOLockedValueBox<ServerState>
    /// The route for the request being read, and whether a response is still in progress (so
    /// a connection closed by the client ends its count exactly once).
    private var pending: (path: String, route: Route?, keepAlive: Bool)?
    private var responding = false
    private var isActive = false

    init(state: NIOLockedValueBox<ServerState>) {
        self.state = state
    }

    func channelActive(context: ChannelHandlerContext) {
        isActive = true
        state.withLockedValue { $0.statistics.connectionOpened() }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        isActive = false
        finishResponse()
        state.withLockedValue { $0.statistics.openConnections -= 1 }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head):
            let path = String(head.uri.split(separator: "?", maxSplits: 1).first ?? "/")
            let route = state.withLockedValue { state in
                state.statistics.requestStarted(path: path)
                return state.routes[path]
            }
            responding = true
            pending = (path, route, head.isKeepAlive)
        case .body:
            break
        case .end:
            guard let request = pending else { return }
            pending = nil
            respond(context: context, route: request.route, keepAlive: request.keepAlive)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Ends the count of the response in progress, once.
    private func finishResponse() {
        guard responding else { return }
        responding = false
        state.withLockedValue { $0.statistics.activeRequests -= 1 }
    }

    private func respond(context: ChannelHandlerContext, route: Route?, keepAlive: Bool) {
        guard let route else {
            return sendWhole(context: context, status: .notFound, body: Data("not found".utf8),
                             contentType: "text/plain", keepAlive: keepAlive)
        }
        switch route {
        case let .bytes(body, contentType, delay):
            if delay <= .zero {
                sendWhole(context: context, status: .ok, body: body, contentType: contentType, keepAlive: keepAlive)
            } else {
                context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(delay.nanoseconds)) {
                    guard self.isActive else { return }
                    self.sendWhole(context: context, status: .ok, body: body, contentType: contentType,
                                   keepAlive: keepAlive)
                }
            }
        case let .status(code):
            sendWhole(context: context, status: HTTPResponseStatus(statusCode: code),
                      body: Data("status \(code)".utf8), contentType: "text/plain", keepAlive: keepAlive)
        case let .truncated(body, sentBytes, contentType):
            writeHead(context: context, contentType: contentType, headers: [("Content-Length", "\(body.count)")])
            writeBody(context: context, body.prefix(max(0, sentBytes)))
            context.flush()
            context.close(promise: nil)
        case let .lyingContentLength(body, declaredLength, contentType):
            writeHead(context: context, contentType: contentType, headers: [("Content-Length", "\(declaredLength)")])
            writeBody(context: context, body)
            context.flush()
        case let .trickle(body, interval, contentType):
            writeHead(context: context, contentType: contentType, headers: [("Transfer-Encoding", "chunked")])
            context.flush()
            trickle(context: context, body: body[...], interval: interval, keepAlive: keepAlive)
        case let .huge(totalBytes, contentType):
            writeHead(context: context, contentType: contentType, headers: [("Transfer-Encoding", "chunked")])
            stream(context: context, remaining: totalBytes, keepAlive: keepAlive)
        case let .gzipBomb(decompressedBytes, contentType):
            let body = SyntheticGzip.bomb(decompressedBytes: decompressedBytes)
            writeHead(context: context, contentType: contentType, headers: [
                ("Content-Length", "\(body.count)"), ("Content-Encoding", "gzip"),
            ])
            writeBody(context: context, body)
            end(context: context, keepAlive: keepAlive)
        case let .redirect(location):
            writeHead(context: context, status: .found, contentType: "text/plain", headers: [
                ("Location", location), ("Content-Length", "0"),
            ])
            end(context: context, keepAlive: keepAlive)
        }
    }

    private func sendWhole(context: ChannelHandlerContext, status: HTTPResponseStatus, body: Data,
                           contentType: String, keepAlive: Bool) {
        writeHead(context: context, status: status, contentType: contentType,
                  headers: [("Content-Length", "\(body.count)")])
        writeBody(context: context, body)
        end(context: context, keepAlive: keepAlive)
    }

    private func writeHead(context: ChannelHandlerContext, status: HTTPResponseStatus = .ok, contentType: String,
                           headers extra: [(String, String)]) {
        var headers = HTTPHeaders([("Content-Type", contentType)])
        headers.add(contentsOf: extra)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
                      promise: nil)
    }

    private func writeBody(context: ChannelHandlerContext, _ body: some DataProtocol) {
        guard !body.isEmpty else { return }
        let buffer = context.channel.allocator.buffer(bytes: body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    }

    private func end(context: ChannelHandlerContext, keepAlive: Bool) {
        finishResponse()
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: promise)
        if !keepAlive {
            promise.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    private func trickle(context: ChannelHandlerContext, body: Data.SubSequence, interval: Duration, keepAlive: Bool) {
        guard isActive else { return }
        guard let byte = body.first else { return end(context: context, keepAlive: keepAlive) }
        writeBody(context: context, [byte])
        context.flush()
        context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(interval.nanoseconds)) {
            self.trickle(context: context, body: body.dropFirst(), interval: interval, keepAlive: keepAlive)
        }
    }

    /// Writes the next chunk only when the last one has left, so the server holds one chunk at a
    /// time however large the body is, and stops when the client goes away.
    private func stream(context: ChannelHandlerContext, remaining: Int, keepAlive: Bool) {
        guard isActive else { return }
        guard remaining > 0 else { return end(context: context, keepAlive: keepAlive) }
        let size = min(remaining, 64 << 10)
        let buffer = context.channel.allocator.buffer(repeating: 0x5A, count: size)
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: promise)
        promise.futureResult.assumeIsolated().whenComplete { result in
            guard case .success = result else { return }
            self.stream(context: context, remaining: remaining - size, keepAlive: keepAlive)
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds, for NIO's `TimeAmount`.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
