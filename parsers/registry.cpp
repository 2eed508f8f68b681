#include "parsers/frontend.hpp"

namespace qdiff::parsers {

const Frontend* frontend_for(Language language) {
    switch (language) {
        default: return nullptr;
    }
}

}  // namespace qdiff::parsers
