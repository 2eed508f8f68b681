// The shared options of a comparison, read from text (include/qdiff/compare_options.def).
#include <algorithm>

#include "qdiff/compare.hpp"
#include "qdiff/dialect.hpp"
#include "qdiff/normalize.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace {

std::string language_error(std::string_view value) {
    return "unknown lang '" + std::string(value) + "' (" + language_names() + ")";
}

}  // namespace

const std::vector<CompareOptionInfo>& compare_option_infos() {
    static const std::vector<CompareOptionInfo> infos = [] {
        std::vector<CompareOptionInfo> all = {
#define QDIFF_COMPARE_OPTION(Id, name, value, help) {CompareOption::Id, name, value, help},
#include "qdiff/compare_options.def"
        };
        for (CompareOptionInfo& info : all) {
            if (info.option == CompareOption::Dialect) info.value = dialect_names("|");
            if (info.option == CompareOption::Language || info.option == CompareOption::ExpectedLanguage)
                info.value = language_names("|");
        }
        return all;
    }();
    return infos;
}

const CompareOptionInfo* find_compare_option(std::string_view name) {
    for (const CompareOptionInfo& info : compare_option_infos())
        if (support::option_name_matches(info.name, name)) return &info;
    return nullptr;
}

std::string set_compare_option(CompareOptions& options, CompareOption option, std::string_view value) {
    switch (option) {
        case CompareOption::Language:
        case CompareOption::ExpectedLanguage: {
            std::optional<Language> language = parse_language_name(value);
            if (!language) return language_error(value);
            (option == CompareOption::Language ? options.language : options.expected_language.emplace()) = *language;
            return "";
        }
        case CompareOption::Dialect: {
            std::optional<Dialect> dialect = parse_dialect_name(value);
            if (!dialect) return "unknown dialect '" + std::string(value) + "' (" + dialect_names() + ")";
            options.dialect = *dialect;
            return "";
        }
        case CompareOption::Profile:
            try {
                bool builtin = false;
                for (const std::string& name : builtin_profile_names()) builtin = builtin || name == value;
                options.profile = builtin ? builtin_profile(value)
                                          : std::make_shared<const Profile>(load_profile(std::string(value)));
            } catch (const std::exception& e) {
                return e.what();
            }
            return "";
        case CompareOption::NormalizeOff: {
            std::string all;
            for (const NormalizeRule& r : normalize_rules()) all += (all.empty() ? "" : ", ") + std::string(r.name);
            size_t start = 0;
            while (start <= value.size()) {
                size_t comma = std::min(value.find(',', start), value.size());
                std::string_view name = value.substr(start, comma - start);
                bool known = std::any_of(normalize_rules().begin(), normalize_rules().end(),
                                         [&](const NormalizeRule& r) { return r.name == name; });
                if (!known) return "unknown normalization rule '" + std::string(name) + "' (rules: " + all + ")";
                options.normalize_off.emplace_back(name);
                start = comma + 1;
            }
            return "";
        }
    }
    return "unknown option";
}

}  // namespace qdiff
