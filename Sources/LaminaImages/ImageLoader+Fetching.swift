import Foundation
import LaminaGraphics
@_spi(LaminaInternals) import LaminaTrace

extension ImageLoader {
    /// Starts the fetches the scheduler released, each as a task of its own.
    func start(_ fetches: [(URL, FetchEntry)]) {
        for (url, fetch) in fetches {
            let generation = fetch.generation, bypassesDisk = fetch.bypassesDisk
            let task = Task.detached { [self] in
                let result = await fetchBytes(url, bypassingDisk: bypassesDisk)
                fetchFinished(url, generation: generation, result: result)
            }
            let stillWanted = state.withLock { state in
                guard state.fetches[url]?.generation == generation else { return false }
                state.fetches[url]?.task = task
                return true
            }
            // Withdrawn between being released and getting its task: stop it now.
            if !stillWanted { task.cancel() }
        }
    }

    /// The bytes for `url`: the disk cache, then the file or the network. Network bytes whose
    /// header is an image within the decoding limits are written to the disk cache.
    private func fetchBytes(_ url: URL, bypassingDisk: Bool) async -> Result<(Data, ByteOrigin), ImageLoadingError> {
        let name = url.absoluteString
        if !bypassingDisk, let diskCache {
            if let data = diskCache.data(for: url, maximumBytes: configuration.maximumBodyBytes) {
                Trace.instant(.diskHit, arguments: ["url": name, "bytes": "\(data.count)"])
                return .success((data, .disk))
            }
            Trace.instant(.diskMiss, arguments: ["url": name])
        }
        switch url.scheme?.lowercased() {
        case "file":
            return Result { () throws(ImageLoadingError) in
                (try FileFetcher.read(url, maximumBytes: configuration.maximumBodyBytes), ByteOrigin.file)
            }
        case "http", "https":
            guard url.host?.isEmpty == false else { return .failure(.unsupportedURL(name)) }
            Trace.instant(.fetchStart, arguments: ["url": name])
            let result: Result<Data, ImageLoadingError>
            do {
                let data = try await http.fetch(url)
                try checkHeader(of: data)
                result = .success(data)
            } catch {
                result = .failure(error)
            }
            switch result {
            case let .success(data):
                Trace.instant(.fetchEnd, arguments: ["url": name, "bytes": "\(data.count)"])
                diskCache?.store(data, for: url)
                return .success((data, .network))
            case let .failure(error):
                Trace.instant(.fetchEnd, arguments: ["url": name, "error": "\(error)"])
                return .failure(error)
            }
        default:
            return .failure(.unsupportedURL(name))
        }
    }

    /// Refuses bytes that are not an image within the decoding limits, before they are cached.
    private func checkHeader(of data: Data) throws(ImageLoadingError) {
        let header: ImageDecoder.Header
        do {
            header = try ImageDecoder.header(of: data)
        } catch .unsupportedFormat, .empty {
            throw .notAnImage(contentType: nil)
        } catch {
            throw .decoding(error)
        }
        let limits = configuration.decodingLimits
        guard limits.allow(width: header.width, height: header.height) else {
            throw .decoding(.tooLarge(width: header.width, height: header.height, limits: limits))
        }
    }

    /// A fetch ended: frees its slot, starts the next, and hands the bytes to its loads (to
    /// decode) and prefetches (to the in-memory byte cache).
    private func fetchFinished(_ url: URL, generation: Int, result: Result<(Data, ByteOrigin), ImageLoadingError>) {
        let (fetch, startable) = state.withLock { state -> (FetchEntry?, [(URL, FetchEntry)]) in
            state.runningFetches -= 1
            var fetch: FetchEntry?
            if state.fetches[url]?.generation == generation { fetch = state.fetches.removeValue(forKey: url) }
            return (fetch, state.takeStartable(limit: configuration.maximumConcurrentFetches))
        }
        start(startable)
        guard let fetch else { return }
        switch result {
        case let .success((data, origin)):
            if !fetch.prefetchers.isEmpty { encodedCache.insert(data, for: url, cost: data.count) }
            for key in fetch.loads { decode(data, origin: origin, for: key) }
        case let .failure(error):
            for key in fetch.loads { finishLoad(key, with: .failure(error)) }
        }
        for ticket in fetch.prefetchers.values { _ = ticket.end() }
    }

    /// Decodes `data` for `key` on the decoding queue, caches the image in memory and delivers
    /// it. Bytes that fail to decode leave every cache; bytes from disk are fetched again once.
    func decode(_ data: Data, origin: ByteOrigin, for key: ImageMemoryCache.Key) {
        decodeQueue.enqueue { [self] in
            guard state.withLock({ $0.loads[key] != nil }) else { return }
            let result = Trace.interval(.decode, arguments: [
                "url": key.url.absoluteString, "sizing": key.sizing.traceDescription, "bytes": "\(data.count)",
            ]) {
                Result { () throws(ImageDecodingError) in
                    let header = try ImageDecoder.header(of: data)
                    return try ImageDecoder.decode(
                        data, limits: configuration.decodingLimits,
                        maximumPixelSize: key.sizing.maximumPixelSize(forImageWidth: header.width, height: header.height),
                        scale: key.scale)
                }
            }
            switch result {
            case let .success(image):
                memoryCache.insert(image, for: key)
                finishLoad(key, with: .success(image))
            case let .failure(error):
                encodedCache.removeValue(for: key.url)
                diskCache?.removeData(for: key.url)
                if origin == .disk || origin == .memory, refetch(key) { return }
                finishLoad(key, with: .failure(error == .unsupportedFormat ? .notAnImage(contentType: nil) : .decoding(error)))
            }
        }
    }

    /// Fetches `key`'s bytes again, past the disk cache, after cached bytes failed to decode;
    /// false when that was already done once (or nobody waits any more).
    private func refetch(_ key: ImageMemoryCache.Key) -> Bool {
        let startable = state.withLock { state -> [(URL, FetchEntry)]? in
            guard var load = state.loads[key], !load.refetchedAfterCorruptDisk else { return nil }
            load.refetchedAfterCorruptDisk = true
            state.loads[key] = load
            var fetch = state.fetches[key.url] ?? FetchEntry(generation: state.nextID())
            fetch.loads.insert(key)
            fetch.bypassesDisk = true
            if !fetch.isStarted { state.bumpWaiting(key.url) }
            state.fetches[key.url] = fetch
            return state.takeStartable(limit: configuration.maximumConcurrentFetches)
        }
        guard let startable else { return false }
        Trace.instant(.cachedBytesCorrupt, arguments: ["url": key.url.absoluteString])
        start(startable)
        return true
    }
}
