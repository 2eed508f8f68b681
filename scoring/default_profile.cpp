// The default profile (scoring/default_profile.hpp).
#include "scoring/default_profile.hpp"

namespace qdiff::scoring {

std::string_view verdict_profile_name(Language expected, Language generated) {
    return expected == generated && expected != Language::Auto ? traits(expected).verdict_profile : "execution";
}

}  // namespace qdiff::scoring
