// An allocator for the large tables of the exact searches (transposition tables, memos): a block of
// 2 MB or more is aligned to 2 MB and the kernel is asked to back it with huge pages (madvise), so the
// random look-ups into it miss the TLB far less often. Smaller blocks come from operator new.
#pragma once
#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tlaloc::solver {

template <class T>
struct HugePageAllocator {
    using value_type = T;
    static constexpr std::size_t kHuge = std::size_t{2} << 20;

    HugePageAllocator() = default;
    template <class U>
    HugePageAllocator(const HugePageAllocator<U>&) {}

    static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__, "operator new would not align it");

    T* allocate(std::size_t n) {
        if (n > (static_cast<std::size_t>(-1) - kHuge) / sizeof(T)) throw std::bad_array_new_length();
        const std::size_t bytes = n * sizeof(T);
        if (bytes < kHuge) return static_cast<T*>(::operator new(bytes));
        const std::size_t rounded = (bytes + kHuge - 1) / kHuge * kHuge;
        void* p = std::aligned_alloc(kHuge, rounded);
        if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise(p, rounded, MADV_HUGEPAGE);  // a hint: without huge pages the block works the same
#endif
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t n) {
        if (n * sizeof(T) < kHuge)
            ::operator delete(p);
        else
            std::free(p);
    }
    template <class U>
    friend bool operator==(const HugePageAllocator&, const HugePageAllocator<U>&) {
        return true;
    }
};

template <class T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace tlaloc::solver
