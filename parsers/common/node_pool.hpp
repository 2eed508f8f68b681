// Per-thread free lists for what a parse makes and frees by the hundred: tokens and parse-tree
// nodes (about 450 objects per SQL query). Through malloc they cost a third of a warm parse: free()
// sends most of them to fastbins, and the next parse's first large allocation consolidates them
// all. Freed memory goes back to the freeing thread's list of its size class, up to a cap per
// class; larger objects, and any beyond the cap, go to the global allocator.
#pragma once
#include <cstddef>

namespace qdiff::parsers::pool {

void* allocate(size_t size);
void release(void* p, size_t size) noexcept;

// Base for a class whose objects come from the pool: Pooled<antlr4::CommonToken>.
template <class Base>
class Pooled : public Base {
public:
    using Base::Base;
    static void* operator new(size_t size) { return allocate(size); }
    static void operator delete(void* p, size_t size) noexcept { release(p, size); }
};

}  // namespace qdiff::parsers::pool
