// The diagnostic catalogue, its lookup, and diagnostic construction.
#include <algorithm>

#include "qdiff/diagnostic.hpp"

namespace qdiff {

std::string_view severity_name(Severity s) {
    switch (s) {
        case Severity::Note: return "note";
        case Severity::Warning: return "warning";
        case Severity::Error: return "error";
    }
    return "?";
}

const std::vector<DiagInfo>& diag_catalogue() {
    static const std::vector<DiagInfo> catalogue = {
#define QDIFF_DIAG(Id, code, severity, group, message) {DiagId::Id, code, Severity::severity, group, message},
#include "qdiff/diagnostic_codes.def"
#undef QDIFF_DIAG
    };
    return catalogue;
}

const DiagInfo& diag_info(DiagId id) { return diag_catalogue()[static_cast<size_t>(id)]; }

const DiagInfo* find_diag(std::string_view code) {
    const auto& all = diag_catalogue();
    auto it = std::find_if(all.begin(), all.end(), [&](const DiagInfo& d) { return d.code == code; });
    return it == all.end() ? nullptr : &*it;
}

Diagnostic make_diagnostic(DiagId id, Span span, std::initializer_list<std::string_view> args) {
    const DiagInfo& info = diag_info(id);
    std::string message;
    auto next = args.begin();
    std::string_view t = info.message_template;
    for (size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '{' && i + 1 < t.size() && t[i + 1] == '}' && next != args.end()) {
            message += *next++;
            ++i;
        } else {
            message += t[i];
        }
    }
    return Diagnostic{id, info.severity, span, std::move(message), {}, {}};
}

bool has_errors(const std::vector<Diagnostic>& diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

}  // namespace qdiff
