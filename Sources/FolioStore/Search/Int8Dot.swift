/// The dot product of two int8 vectors of the same length, sixteen components at a time
/// in int32: ten times faster than in float (docs/benchmarks.md, "Latency").
enum Int8Dot {
    static func product(_ query: [Int8], _ data: UnsafeRawBufferPointer) -> Int32 {
        let dimension = query.count
        let lanes = dimension - dimension % 16
        return query.withUnsafeBytes { q in
            var wide = SIMD16<Int32>()
            var k = 0
            while k < lanes {
                let a = SIMD16<Int32>(truncatingIfNeeded: q.loadUnaligned(fromByteOffset: k, as: SIMD16<Int8>.self))
                let b = SIMD16<Int32>(truncatingIfNeeded: data.loadUnaligned(fromByteOffset: k, as: SIMD16<Int8>.self))
                wide &+= a &* b
                k += 16
            }
            var sum = wide.wrappedSum()
            while k < dimension {
                sum &+= Int32(Int8(bitPattern: q[k])) &* Int32(Int8(bitPattern: data[k]))
                k += 1
            }
            return sum
        }
    }
}
