#include "parsers/frontend.hpp"
#include "parsers/weaviate/lower.hpp"

namespace qdiff::parsers {

const Frontend& sql_frontend();
const Frontend& kql_frontend();

const Frontend* frontend_for(Language language) {
    switch (language) {
        case Language::Sql: return &sql_frontend();
        case Language::Kql: return &kql_frontend();
        case Language::Weaviate: return &weaviate::weaviate_frontend();
        default: return nullptr;
    }
}

}  // namespace qdiff::parsers
