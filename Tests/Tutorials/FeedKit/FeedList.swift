import Foundation
import Lamina

/// What a row shows.
struct Post {
    let title: String
    let thumbnailURL: URL?
    let author: String
    let link: String
}

/// The feed: a `ListView` of `FeedCell`s, which it reuses as rows scroll in and out.
@MainActor
final class FeedList: ListViewDataSource {
    let list: ListView
    let posts: [Post]
    let loader: ImageLoader
    /// The links tapped, newest last.
    private(set) var tappedLinks: [String] = []

    init(posts: [Post], frame: Rect, loader: ImageLoader = .shared) {
        self.posts = posts
        self.loader = loader
        list = ListView(frame: frame)
        list.estimatedRowHeight = 96
        list.dataSource = self
    }

    func numberOfRows(in list: ListView) -> Int {
        posts.count
    }

    func listView(_ list: ListView, heightForRow row: Int) -> Double? {
        96
    }

    func listView(_ list: ListView, cellForRow row: Int) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: FeedCell.reuseIdentifier) as? FeedCell ?? makeCell()
        let post = posts[row]
        cell.configure(title: post.title, thumbnailURL: post.thumbnailURL, author: post.author, link: post.link)
        return cell
    }

    private func makeCell() -> FeedCell {
        let cell = FeedCell()
        cell.thumbnail.loader = loader
        cell.onLinkTap = { [weak self] link in self?.tappedLinks.append(link) }
        return cell
    }
}
