#include "parsers/common/node_pool.hpp"

#include <new>

namespace qdiff::parsers::pool {
namespace {

constexpr size_t kGranule = 16;
constexpr size_t kClasses = 32;     // sizes up to 496 bytes
constexpr size_t kMaxFree = 16384;  // per class: bounds what a thread keeps after a huge parse

struct FreeNode {
    FreeNode* next;
};

// Plain data, so that it stays usable until the thread's very end; Closer frees the lists when the
// thread's other thread_locals go, and from then on everything goes to the global allocator.
struct FreeLists {
    FreeNode* head[kClasses];
    size_t count[kClasses];
    bool closed;
};
thread_local FreeLists lists;

struct Closer {
    ~Closer() {
        for (size_t c = 0; c < kClasses; ++c)
            while (FreeNode* n = lists.head[c]) {
                lists.head[c] = n->next;
                ::operator delete(n);
            }
        lists.closed = true;
    }
};

size_t size_class(size_t size) { return (size + kGranule - 1) / kGranule; }

}  // namespace

void* allocate(size_t size) {
    size_t c = size_class(size);
    if (c >= kClasses || lists.closed) return ::operator new(size);
    thread_local Closer closer;  // constructed once per thread, before the first pooled object
    if (FreeNode* n = lists.head[c]) {
        lists.head[c] = n->next;
        --lists.count[c];
        return n;
    }
    return ::operator new(c* kGranule);
}

void release(void* p, size_t size) noexcept {
    size_t c = size_class(size);
    if (c >= kClasses || lists.closed || lists.count[c] >= kMaxFree) {
        ::operator delete(p);
        return;
    }
    auto* n = static_cast<FreeNode*>(p);
    n->next = lists.head[c];
    lists.head[c] = n;
    ++lists.count[c];
}

}  // namespace qdiff::parsers::pool
