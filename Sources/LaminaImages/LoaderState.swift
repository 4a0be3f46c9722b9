import Foundation
import LaminaGraphics

/// Where a fetch found its bytes (a decode failure of disk bytes refetches from the network).
enum ByteOrigin: Sendable {
    case memory, disk, file, network
}

/// Who waits for a load: a view's callback (delivered on the main loop) or an `async` caller.
enum ImageWaiter: Sendable {
    case callback(ImageLoadTicket, @MainActor @Sendable (Result<Image, ImageLoadingError>) -> Void)
    case continuation(CheckedContinuation<Result<Image, ImageLoadingError>, Never>)
}

/// One decoded image being produced for one key, and everyone waiting for it.
struct LoadEntry {
    var waiters: [Int: ImageWaiter] = [:]
    /// Set once the bytes were found corrupt on disk and refetched, so that happens only once.
    var refetchedAfterCorruptDisk = false
}

/// One URL's bytes being fetched, and the loads and prefetches that want them.
struct FetchEntry {
    let generation: Int
    var loads: Set<ImageMemoryCache.Key> = []
    var prefetchers: [Int: ImageLoadTicket] = [:]
    var bypassesDisk = false
    var task: Task<Void, Never>?
    var isStarted = false

    var isWanted: Bool { !loads.isEmpty || !prefetchers.isEmpty }
}

/// The loader's bookkeeping, behind its lock: the loads, the fetches, and the fetches waiting for
/// a slot (a stack: the most recently requested starts first).
struct LoaderState {
    var loads: [ImageMemoryCache.Key: LoadEntry] = [:]
    var fetches: [URL: FetchEntry] = [:]
    var waitingFetches: [URL] = []
    var runningFetches = 0
    var lastID = 0

    mutating func nextID() -> Int {
        lastID += 1
        return lastID
    }

    /// Moves `url` to the top of the waiting stack (pushing it when new).
    mutating func bumpWaiting(_ url: URL) {
        waitingFetches.removeAll { $0 == url }
        waitingFetches.append(url)
    }

    /// Takes the fetches that may start now, marking them started.
    mutating func takeStartable(limit: Int) -> [(URL, FetchEntry)] {
        var started: [(URL, FetchEntry)] = []
        while runningFetches < limit, let url = waitingFetches.popLast() {
            guard var fetch = fetches[url], !fetch.isStarted else { continue }
            fetch.isStarted = true
            fetches[url] = fetch
            runningFetches += 1
            started.append((url, fetch))
        }
        return started
    }

    /// Removes `key`'s interest in its URL's fetch; returns the fetch's task to cancel when
    /// nobody wants it any more.
    mutating func dropInterest(of key: ImageMemoryCache.Key) -> Task<Void, Never>? {
        guard var fetch = fetches[key.url] else { return nil }
        fetch.loads.remove(key)
        return settle(fetch, for: key.url)
    }

    /// Removes a prefetch ticket's interest.
    mutating func dropPrefetch(_ id: Int, url: URL) -> Task<Void, Never>? {
        guard var fetch = fetches[url] else { return nil }
        fetch.prefetchers[id] = nil
        return settle(fetch, for: url)
    }

    private mutating func settle(_ fetch: FetchEntry, for url: URL) -> Task<Void, Never>? {
        if fetch.isWanted {
            fetches[url] = fetch
            return nil
        }
        fetches[url] = nil
        waitingFetches.removeAll { $0 == url }
        // A started fetch keeps its slot until its task ends (it decrements the count then).
        return fetch.task
    }
}
