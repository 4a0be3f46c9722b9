// A test target that depends on LaminaTesting gets swift-snapshot-testing's `assertSnapshot`
// with it, so it declares one dependency, not two.
@_exported import SnapshotTesting
