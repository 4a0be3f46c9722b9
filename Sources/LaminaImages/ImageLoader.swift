import Dispatch
import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaLoop
@_spi(LaminaInternals) import LaminaTrace

/// Fetches, decodes and caches images, off the main thread — what SDWebImageManager and
/// YYWebImageManager do on iOS. `Sendable`: share ``shared``, or make one with its own caches
/// and limits (tests inject one per test).
///
/// A load, step by step:
/// 1. **Memory** — ``memoryCache`` is asked for the URL at the requested size: a hit makes no
///    fetch and no decode.
/// 2. **Join** — a load already in flight for the same URL and size gains one more waiter: 50
///    views asking for one URL make one fetch and one decode, fanned out to all 50.
/// 3. **Fetch** — at most ``Configuration/maximumConcurrentFetches`` at once; the others wait,
///    the most recently requested first (the rows the user just scrolled to). A fetch reads the
///    ``diskCache``, then `file://` URLs directly or `http(s)://` through libcurl,
///    streaming under the configuration's deadline, status, content-type, redirect and byte
///    limits. Bytes whose header is not an image within the decoding limits are refused before
///    anything is cached; the others are written to the disk cache.
/// 4. **Decode** — on the loader's decoding queue with ``/LaminaGraphics/ImageDecoder``, at the
///    requested ``ImageSizing`` (the pixel cap worked out from the header; JPEG by DCT scaling).
///    Bytes from disk that fail to decode are deleted there and fetched again once.
/// 5. **Deliver** — `async` callers resume; views' callbacks run on the main loop, posted with
///    `EventLoop.main.perform` and a `wakeUp`. Each callback waiter counts as outstanding work of
///    the main loop until it is delivered or cancelled, so LaminaTesting's `runUntilIdle` waits
///    for it.
///
/// Cancelling one waiter never cancels a fetch that others still wait for; the last waiter's
/// cancel does (a waiting fetch leaves the queue, a running one is cancelled mid-stream).
public final class ImageLoader: Sendable {
    /// The process's loader: default limits, a 64 MiB memory cache, and a disk cache in
    /// ``ImageDiskCache/defaultDirectory`` (none when that directory cannot be created).
    public static let shared = ImageLoader(diskCache: try? ImageDiskCache(directory: ImageDiskCache.defaultDirectory))

    /// The limits this loader keeps.
    public let configuration: Configuration
    /// Decoded images, by URL and size.
    public let memoryCache: ImageMemoryCache
    /// Fetched bytes, by URL; nil for none.
    public let diskCache: ImageDiskCache?
    /// Prefetched bytes not yet decoded, by URL.
    let encodedCache: CostLimitedCache<URL, Data>
    let http: HTTPFetcher
    /// Where decoding runs: one serial queue on a thread of its own, named "image decode" in
    /// the trace, so decoded bitmaps arrive one at a time and memory stays bounded.
    let decodeQueue = DisplayQueuePool(queueCount: 1, name: "image decode")
    let state = Locked(LoaderState())

    /// Creates a loader. Its fetches share the process's HTTP transfer thread and connections.
    ///
    /// - Parameters:
    ///   - configuration: limits and concurrency.
    ///   - memoryCache: where decoded images are kept (a new 64 MiB cache by default).
    ///   - diskCache: where fetched bytes are kept; nil keeps none.
    public init(configuration: Configuration = Configuration(), memoryCache: ImageMemoryCache = ImageMemoryCache(),
                diskCache: ImageDiskCache? = nil) {
        let configuration = configuration.normalized
        self.configuration = configuration
        self.memoryCache = memoryCache
        self.diskCache = diskCache
        encodedCache = CostLimitedCache(costLimit: configuration.encodedCacheCostLimit)
        http = HTTPFetcher(configuration: configuration)
    }

    // MARK: - Loading

    /// The image for `url` decoded with `sizing` and `scale`, from memory only; nil when it is
    /// not there. Any thread (a view asks first, so a cached image shows without a frame's
    /// delay).
    public func cachedImage(for url: URL, sizing: ImageSizing = .original, scale: Double = 1) -> Image? {
        memoryCache.image(for: ImageMemoryCache.Key(url: url, sizing: sizing, scale: scale))
    }

    /// Loads the image at `url`, decoded as `sizing` says (full size by default), with `scale`
    /// pixels per point. Any thread.
    ///
    /// Cancelling the calling task withdraws this caller's interest and throws
    /// ``ImageLoadingError/cancelled``.
    public func image(for url: URL, sizing: ImageSizing = .original, scale: Double = 1) async throws(ImageLoadingError) -> Image {
        let key = ImageMemoryCache.Key(url: url, sizing: sizing, scale: scale)
        if let image = memoryHit(key) { return image }
        let box = Locked<(ticket: ImageLoadTicket?, cancelled: Bool)>((nil, false))
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ticket = register(key, waiter: { _ in .continuation(continuation) }, countsAsOutstandingWork: false)
                let cancelled = box.withLock { box in
                    box.ticket = ticket
                    return box.cancelled
                }
                if cancelled { ticket.cancel() }
            }
        } onCancel: {
            box.withLock { box in
                box.cancelled = true
                return box.ticket
            }?.cancel()
        }
        return try result.get()
    }

    /// Loads the image at `url` (as ``image(for:sizing:scale:)``) and calls `completion` on the
    /// main thread, from the main loop, unless the returned ticket is cancelled first. Any
    /// thread. A memory hit asked for on the main thread calls `completion` before this returns
    /// (so a cached image shows in the same commit, as SDWebImage does); from another thread it
    /// is posted to the main loop like any other result.
    @discardableResult
    public func loadImage(for url: URL, sizing: ImageSizing = .original, scale: Double = 1,
                          completion: @escaping @MainActor @Sendable (Result<Image, ImageLoadingError>) -> Void)
        -> ImageLoadTicket {
        let key = ImageMemoryCache.Key(url: url, sizing: sizing, scale: scale)
        if let image = memoryHit(key) {
            let onMain = EventLoop.main.isCurrent
            let ticket = ImageLoadTicket(target: .image(key), id: 0, loader: self, holdsOutstandingWork: !onMain)
            if onMain {
                _ = ticket.end()
                MainActor.assumeIsolated { completion(.success(image)) }
            } else {
                deliver(.success(image), to: [.callback(ticket, completion)])
            }
            return ticket
        }
        return register(key, waiter: { .callback($0, completion) }, countsAsOutstandingWork: true)
    }

    /// Fetches `url`'s bytes into the caches without decoding them (a view near the visible
    /// area). A later load decodes from memory or disk without a request. Any thread.
    @discardableResult
    public func prefetch(_ url: URL) -> ImageLoadTicket {
        let (ticket, startable, present) = state.withLock { state -> (ImageLoadTicket, [(URL, FetchEntry)], Bool) in
            let ticket = ImageLoadTicket(target: .bytes(url), id: state.nextID(), loader: self, holdsOutstandingWork: true)
            if encodedCache.value(for: url) != nil { return (ticket, [], true) }
            var fetch = state.fetches[url] ?? FetchEntry(generation: state.nextID())
            fetch.prefetchers[ticket.id] = ticket
            if !fetch.isStarted { state.bumpWaiting(url) }
            state.fetches[url] = fetch
            return (ticket, state.takeStartable(limit: configuration.maximumConcurrentFetches), false)
        }
        // Already in memory: nothing to fetch, and nothing to wait for.
        if present { _ = ticket.end() }
        start(startable)
        return ticket
    }

    /// Ends the fetches under way with a transport error; loads that need the network after
    /// this fail with one too.
    public func shutdown() {
        http.shutdown()
    }

    // MARK: - Waiters

    private func memoryHit(_ key: ImageMemoryCache.Key) -> Image? {
        let image = memoryCache.image(for: key)
        Trace.instant(image == nil ? .memoryMiss : .memoryHit, arguments: ["url": key.url.absoluteString])
        return image
    }

    /// Adds a waiter for `key`, joining the load in flight or starting one.
    private func register(_ key: ImageMemoryCache.Key, waiter makeWaiter: (ImageLoadTicket) -> ImageWaiter,
                          countsAsOutstandingWork: Bool) -> ImageLoadTicket {
        var decodeNow: Data?
        let (ticket, startable) = state.withLock { state -> (ImageLoadTicket, [(URL, FetchEntry)]) in
            let ticket = ImageLoadTicket(target: .image(key), id: state.nextID(), loader: self,
                                         holdsOutstandingWork: countsAsOutstandingWork)
            if state.loads[key] != nil {
                // Joined in place: a copy of the entry would copy its waiters at every join.
                state.loads[key]?.waiters[ticket.id] = makeWaiter(ticket)
                Trace.instant(.joinedLoadInFlight, arguments: ["url": key.url.absoluteString,
                                                                           "waiters": "\(state.loads[key]?.waiters.count ?? 0)"])
                if state.fetches[key.url]?.isStarted == false { state.bumpWaiting(key.url) }
                return (ticket, [])
            }
            state.loads[key] = LoadEntry(waiters: [ticket.id: makeWaiter(ticket)])
            if let bytes = encodedCache.value(for: key.url) {
                decodeNow = bytes
                return (ticket, [])
            }
            var fetch = state.fetches[key.url] ?? FetchEntry(generation: state.nextID())
            fetch.loads.insert(key)
            if !fetch.isStarted { state.bumpWaiting(key.url) }
            state.fetches[key.url] = fetch
            return (ticket, state.takeStartable(limit: configuration.maximumConcurrentFetches))
        }
        if let decodeNow { decode(decodeNow, origin: .memory, for: key) }
        start(startable)
        return ticket
    }

    /// Takes back a ticket's interest (from ``ImageLoadTicket/cancel()``).
    func withdraw(_ ticket: ImageLoadTicket) {
        var resume: ImageWaiter?
        let task = state.withLock { state -> Task<Void, Never>? in
            switch ticket.target {
            case let .bytes(url):
                return state.dropPrefetch(ticket.id, url: url)
            case let .image(key):
                guard var load = state.loads[key] else { return nil }
                resume = load.waiters.removeValue(forKey: ticket.id)
                guard load.waiters.isEmpty else {
                    state.loads[key] = load
                    return nil
                }
                state.loads[key] = nil
                return state.dropInterest(of: key)
            }
        }
        task?.cancel()
        if case let .continuation(continuation) = resume { continuation.resume(returning: .failure(.cancelled)) }
    }

    /// Ends `key`'s load: takes its waiters and gives them `result`.
    func finishLoad(_ key: ImageMemoryCache.Key, with result: Result<Image, ImageLoadingError>) {
        let waiters = state.withLock { $0.loads.removeValue(forKey: key)?.waiters.values.map { $0 } } ?? []
        deliver(result, to: waiters)
    }

    /// Resumes `async` waiters at once and posts the callbacks to the main loop in one block.
    private func deliver(_ result: Result<Image, ImageLoadingError>, to waiters: [ImageWaiter]) {
        var callbacks: [(ImageLoadTicket, @MainActor @Sendable (Result<Image, ImageLoadingError>) -> Void)] = []
        for waiter in waiters {
            switch waiter {
            case let .continuation(continuation): continuation.resume(returning: result)
            case let .callback(ticket, completion): callbacks.append((ticket, completion))
            }
        }
        guard !callbacks.isEmpty else { return }
        EventLoop.main.perform {
            MainActor.assumeIsolated {
                for (ticket, completion) in callbacks where ticket.end() { completion(result) }
            }
        }
        EventLoop.main.wakeUp()
    }
}
