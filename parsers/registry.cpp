#include "parsers/frontend.hpp"
#include "parsers/weaviate/lower.hpp"

namespace qdiff::parsers {

const Frontend& sql_frontend();
const Frontend& kql_frontend();

const Frontend* frontend_for(Language language) {
    switch (language) {
#define QDIFF_LANGUAGE(Id, name, alias, label, folds, descending, diff, batch, verdict, frontend) \
    case Language::Id: return &frontend();
#include "qdiff/languages.def"
        case Language::Auto: break;
    }
    return nullptr;
}

}  // namespace qdiff::parsers
