/// The `capacity` least elements offered (the best, when `<` means better), in a binary
/// heap with the greatest of them on top: a ranking keeps its best few of many thousands
/// of candidates without sorting them all.
struct BoundedBest<Element: Comparable> {
    let capacity: Int
    private var heap: [Element] = []

    init(capacity: Int) {
        self.capacity = capacity
        heap.reserveCapacity(max(0, capacity))
    }

    /// Most elements offered are not among the best once it is full: they are turned away
    /// here, where the call costs more than the comparison.
    @inline(__always)
    mutating func offer(_ element: Element) {
        if heap.count == capacity, let top = heap.first, !(element < top) { return }
        keep(element)
    }

    private mutating func keep(_ element: Element) {
        if heap.count < capacity {
            heap.append(element)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[parent] < heap[child] else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        } else if let top = heap.first, element < top {
            heap[0] = element
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var greatest = parent
                if left < heap.count, heap[greatest] < heap[left] { greatest = left }
                if right < heap.count, heap[greatest] < heap[right] { greatest = right }
                guard greatest != parent else { break }
                heap.swapAt(parent, greatest)
                parent = greatest
            }
        }
    }

    /// The greatest element kept once `capacity` are: what another must be less than to
    /// get in. `nil` before.
    var worst: Element? {
        heap.count == capacity ? heap.first : nil
    }

    /// The elements kept, least first.
    func sorted() -> [Element] {
        heap.sorted()
    }
}
