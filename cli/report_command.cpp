// `qdiff report RECORDS.jsonl [more.jsonl ...] [-o report.html] [--title T]`: one self-contained HTML
// page (web/report.html, scripts and styles inlined) over the records of `qdiff batch`, one record
// file per model. The records are reduced to a compact JSON document (strings shared, only what the
// page shows), compressed with zlib and embedded once as base64; the page inflates it with the
// browser's DecompressionStream and renders one page of the case table at a time, so 100,000 records
// stay a file of a few megabytes that opens from disk.
#include <zlib.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/web_assets.hpp"

namespace qdiff::cli {
namespace {

using json = nlohmann::json;

// Texts that repeat across records and files (queries, questions, atoms, codes) are stored once.
class StringTable {
public:
    size_t intern(const std::string& text) {
        auto [it, added] = index_.try_emplace(text, texts_.size());
        if (added) texts_.push_back(text);
        return it->second;
    }
    const json& texts() const { return texts_; }

private:
    std::map<std::string, size_t> index_;
    json texts_ = json::array();
};

double number_or(const json& j, const char* key, double fallback) {
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : fallback;
}

json number_or_null(const json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? *it : json(nullptr);
}

std::string text_or(const json& j, const char* key, const std::string& fallback = "") {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

// A record of `qdiff batch`: a JSON object with its verdict (status and total).
bool is_batch_record(const json& record) {
    return record.is_object() && record.contains("status") && record["status"].is_string() &&
           record.contains("total") && (record["total"].is_number() || record["total"].is_null());
}

class ReportData {
public:
    // One record file: its cases, in file order; lines that are not records are counted, not lost silently.
    void add_file(const std::string& path) {
        errno = 0;
        std::ifstream in(path, std::ios::binary);
        if (!in || std::filesystem::is_directory(path)) throw_unreadable(path);
        // Each case is kept as its JSON text: a tree of 100,000 cases would take gigabytes.
        std::string cases;
        size_t line_number = 0, unreadable = 0, records = 0, batch_cases = 0;
        for (std::string line; std::getline(in, line);) {
            ++line_number;
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            json record = json::parse(line, nullptr, false);
            if (!is_batch_record(record)) {
                // A case of `qdiff batch`'s input has the queries but no verdict (status, total).
                if (record.is_object() && (record.contains("generated") || record.contains("expected"))) ++batch_cases;
                if (++unreadable <= 5)
                    std::cerr << path << ":" << line_number
                              << ": not a record of qdiff batch (no status and total), left out of the report\n";
                continue;
            }
            ++records;
            if (!cases.empty()) cases += ',';
            cases += compact_case(record, line_number).dump(-1, ' ', false, json::error_handler_t::replace);
        }
        if (unreadable > 5) std::cerr << path << ": " << unreadable << " lines that are not records in all\n";
        // A page of nothing but errors helps no one: a file without one record is a usage error.
        if (records == 0) {
            if (batch_cases > 0)
                throw UsageError{path + " holds cases (the input of qdiff batch), not records: run `qdiff batch " + path +
                                 " -o RECORDS.jsonl` and report on RECORDS.jsonl"};
            throw UsageError{path + (line_number == 0 ? " is empty" : " has no record of qdiff batch") +
                             ": qdiff report reads the JSONL records that qdiff batch writes"};
        }
        json file = {
            {"name", std::filesystem::path(path).filename().string()}, {"path", path}, {"unreadable", unreadable}};
        std::string text = file.dump(-1, ' ', false, json::error_handler_t::replace);
        text.pop_back();  // the closing brace: the cases follow
        files_.push_back(text + ",\"cases\":[" + cases + "]}");
    }

    std::string document(const std::string& title) const {
        auto dump = [](const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); };
        std::string out = "{\"title\":" + dump(title) + ",\"files\":[";
        for (size_t i = 0; i < files_.size(); ++i) out += (i ? "," : "") + files_[i];
        return out + "],\"components\":" + dump(components_) + ",\"strings\":" + dump(strings_.texts()) + "}";
    }

private:
    size_t component_index(const std::string& name) {
        for (size_t i = 0; i < components_.size(); ++i)
            if (components_[i] == name) return i;
        components_.push_back(name);
        return components_.size() - 1;
    }

    // A case, as an array (field names once, in report.js): [line, id, status, pass, total,
    // query_similarity, results_match, confidence, structural, question, expected, generated,
    // components, diagnostics, reasons, language, label (1, 0 or null), tags ({name: value string}),
    // verdict (string or null)].
    json compact_case(const json& r, size_t line_number) {
        json structural = r.contains("structural") && r["structural"].is_object() ? r["structural"] : json(nullptr);
        const json queries = r.contains("queries") && r["queries"].is_object() ? r["queries"] : json::object();
        auto text_ref = [&](const char* key) -> json {
            std::string t = text_or(queries, key);
            return t.empty() ? json(nullptr) : json(strings_.intern(t));
        };
        json c = json::array();
        c.push_back(r.value("line", line_number));
        c.push_back(r.contains("id") ? (r["id"].is_string() ? r["id"].get<std::string>() : r["id"].dump())
                                     : "line " + std::to_string(line_number));
        c.push_back(text_or(r, "status", "error") == "ok" ? 0 : 1);
        c.push_back(r.value("pass", false) ? 1 : 0);
        c.push_back(number_or(r, "total", 0));
        c.push_back(number_or_null(r, "query_similarity"));
        c.push_back(number_or_null(r, "results_match"));
        c.push_back(number_or_null(r, "confidence"));
        c.push_back(structural.is_object() ? number_or_null(structural, "score") : json(nullptr));
        c.push_back(text_ref("question"));
        c.push_back(text_ref("expected"));
        c.push_back(text_ref("generated"));
        c.push_back(structural.is_object() ? compact_components(structural) : json::array());
        c.push_back(compact_diagnostics(r));
        json reasons = json::array();
        if (r.contains("reasons") && r["reasons"].is_array())
            for (const json& reason : r["reasons"])
                if (reason.is_string()) reasons.push_back(strings_.intern(reason.get<std::string>()));
        c.push_back(std::move(reasons));
        const json language = r.contains("language") && r["language"].is_object() ? r["language"] : json::object();
        c.push_back(strings_.intern(text_or(language, "generated", "?")));
        c.push_back(r.contains("label") && r["label"].is_boolean() ? json(r["label"].get<bool>() ? 1 : 0) : json(nullptr));
        json tags = json::object();
        if (r.contains("tags") && r["tags"].is_object())
            for (const auto& item : r["tags"].items())
                if (item.value().is_string()) tags[item.key()] = strings_.intern(item.value().get<std::string>());
        c.push_back(std::move(tags));
        std::string verdict = text_or(r, "verdict");
        c.push_back(verdict.empty() ? json(nullptr) : json(strings_.intern(verdict)));
        return c;
    }

    // Per component: [name index, score, weight (null: an execution profile), absent, matched spans, changed, missing, extra,
    // log-odds contribution (execution profiles)];
    // changed: [expected text, generated text, similarity, e begin, e end, g begin, g end];
    // missing/extra: [text, begin, end]. Spans are byte ranges (null when the record has none).
    json compact_components(const json& structural) {
        json out = json::array();
        if (!structural.contains("components") || !structural["components"].is_object()) return out;
        for (const auto& item : structural["components"].items()) {
            // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
            const std::string& name = item.key();
            const json& c = item.value();
            // Absent on both sides: full credit, nothing to show; left out of the means, as the batch summary does.
            if (!c.is_object() || c.value("absent", false)) continue;
            json spans = c.contains("spans") && c["spans"].is_object() ? c["spans"] : json::object();
            auto span_list = [&](const char* key) {
                return spans.contains(key) && spans[key].is_array() ? spans[key] : json::array();
            };
            auto span_at = [](const json& list, size_t i) { return i < list.size() ? list[i] : json(nullptr); };
            json changed = json::array(), missing = json::array(), extra = json::array();
            json changed_spans = span_list("changed"), missing_spans = span_list("missing"),
                 extra_spans = span_list("extra");
            if (c.contains("changed") && c["changed"].is_array())
                for (size_t i = 0; i < c["changed"].size(); ++i) {
                    const json& p = c["changed"][i];
                    changed.push_back({strings_.intern(text_or(p, "expected")),
                                       strings_.intern(text_or(p, "generated")), number_or(p, "similarity", 0),
                                       span_at(changed_spans, i)});
                }
            auto singles = [&](const char* key, const json& list_spans, json& out_list) {
                if (!c.contains(key) || !c[key].is_array()) return;
                for (size_t i = 0; i < c[key].size(); ++i)
                    out_list.push_back(
                        {strings_.intern(c[key][i].is_string() ? c[key][i].get<std::string>() : c[key][i].dump()),
                         span_at(list_spans, i)});
            };
            singles("missing", missing_spans, missing);
            singles("extra", extra_spans, extra);
            // An execution profile's components have no weight (null) but a log-odds contribution.
            out.push_back({component_index(name), number_or(c, "score", 0), number_or_null(c, "weight"),
                           c.value("absent", false) ? 1 : 0, span_list("matched"), std::move(changed),
                           std::move(missing), std::move(extra), number_or_null(c, "contribution")});
        }
        return out;
    }

    // [code, severity, message, line, column, side]; side: expected, generated, schema or input.
    json compact_diagnostics(const json& r) {
        json out = json::array();
        if (!r.contains("diagnostics") || !r["diagnostics"].is_object()) return out;
        for (const auto& [side, list] : r["diagnostics"].items()) {
            if (!list.is_array()) continue;
            for (const json& d : list) {
                if (!d.is_object()) continue;
                out.push_back({strings_.intern(text_or(d, "code", "?")),
                               strings_.intern(text_or(d, "severity", "error")), strings_.intern(text_or(d, "message")),
                               d.value("line", 0), d.value("column", 0), strings_.intern(side)});
            }
        }
        return out;
    }

    std::vector<std::string> files_;  // each file's JSON text
    json components_ = json::array();
    StringTable strings_;
};

std::string deflate(const std::string& text) {
    uLongf size = compressBound(text.size());
    std::string out(size, '\0');
    if (compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(text.data()), text.size(),
                  6) != Z_OK)
        throw std::runtime_error("zlib could not compress the report data");
    out.resize(size);
    return out;
}

std::string base64(const std::string& bytes) {
    static const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        uint32_t n = static_cast<uint8_t>(bytes[i]) << 16;
        if (i + 1 < bytes.size()) n |= static_cast<uint8_t>(bytes[i + 1]) << 8;
        if (i + 2 < bytes.size()) n |= static_cast<uint8_t>(bytes[i + 2]);
        out += alphabet[(n >> 18) & 63];
        out += alphabet[(n >> 12) & 63];
        out += i + 1 < bytes.size() ? alphabet[(n >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? alphabet[n & 63] : '=';
    }
    return out;
}

std::string html_escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '&': out += "&amp;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

void replace_all(std::string& page, const std::string& marker, const std::string& with) {
    size_t at = page.find(marker);
    if (at == std::string::npos) throw std::logic_error("web/report.html lacks " + marker);
    for (; at != std::string::npos; at = page.find(marker, at + with.size())) page.replace(at, marker.size(), with);
}

}  // namespace

int run_report(const std::vector<std::string>& argv_in) {
    Args args(
        "report", "Writes one self-contained HTML page over qdiff batch records (one file per model).", argv_in,
        {{"output", "REPORT.html: where the page goes (default: standard output)"}, {"title", "T: the page's title"}},
        {}, "RECORDS.jsonl [more.jsonl ...]");
    if (args.positionals().empty()) throw UsageError{"expected one or more record files (the output of qdiff batch)"};
    ReportData data;
    for (const std::string& path : args.positionals()) data.add_file(path);
    std::string title = args.get_or("title", "qdiff report");

    std::string page = inline_page("report.html");
    // Base64 has no '<', so the data cannot end its <script> element early.
    replace_all(page, "@DATA@", base64(deflate(data.document(title))));
    replace_all(page, "@TITLE@", html_escape(title));

    std::string output = args.get_or("output", "-");
    if (output == "-") {
        std::cout << page;
        return std::cout ? 0 : 2;
    }
    errno = 0;
    std::ofstream out(output, std::ios::binary);
    out << page;
    if (!out) throw_unwritable(output);
    std::cerr << "qdiff report: wrote " << output << " (" << page.size() / 1024 << " KiB)\n";
    return 0;
}

}  // namespace qdiff::cli
