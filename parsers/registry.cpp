#include "parsers/frontend.hpp"

namespace qdiff::parsers {

const Frontend& sql_frontend();

const Frontend* frontend_for(Language language) {
    switch (language) {
        case Language::Sql: return &sql_frontend();
        default: return nullptr;
    }
}

}  // namespace qdiff::parsers
