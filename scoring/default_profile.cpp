// The default profile (scoring/default_profile.hpp).
#include "scoring/default_profile.hpp"

namespace qdiff::scoring {

std::string_view verdict_profile_name(Language expected, Language generated) {
    return expected == Language::Weaviate && generated == Language::Weaviate ? "weaviate-execution" : "execution";
}

}  // namespace qdiff::scoring
