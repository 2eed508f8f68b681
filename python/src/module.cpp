// The `qdiff._qdiff` extension module. Every function releases the GIL while the library works, so
// Python threads calling it run in parallel.
#include "bindings.hpp"

PYBIND11_MODULE(_qdiff, m) {
    m.doc() = "qdiff's C++ library; use the `qdiff` package, which wraps this module.";
    qdiff::python::bind_parse(m);
    qdiff::python::bind_diff(m);
    qdiff::python::bind_lint(m);
    qdiff::python::bind_batch(m);
}
