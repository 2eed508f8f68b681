// The summary of a batch run: pass rate, mean scores, frequent diagnostics, worst cases.
#include <algorithm>
#include <cstdio>

#include "stages/pipeline_record.hpp"

namespace qdiff::stages {
namespace {

std::string fixed(double v, const char* format = "%.3f") {
    char buf[32];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

// A member of a record, or an empty object (a reference: range-for over a temporary would dangle).
const Record& member(const Record& r, const char* key) {
    static const Record empty = Record::object();
    auto it = r.find(key);
    return it == r.end() ? empty : *it;
}

}  // namespace

RecordFacts record_facts(const Record& r) {
    RecordFacts facts;
    facts.pass = r.value("pass", false);
    facts.error = r.value("status", "") == "error";
    auto score = [&](std::string name, const Record& value) {
        if (value.is_number()) facts.scores.emplace_back(std::move(name), value.get<double>());
    };
    facts.total = r.value("total", 0.0);
    score("total", r.value("total", Record()));
    score("query_similarity", r.value("query_similarity", Record()));
    score("results_match", r.value("results_match", Record()));
    if (r.contains("structural") && r["structural"].is_object()) {
        const Record& s = r["structural"];
        score("structural", s.value("score", Record()));
        // A component absent on both sides gets full credit; it would only dilute its mean.
        for (const auto& [name, c] : member(s, "components").items())
            if (!c.value("absent", false)) score("structural." + name, c.value("score", Record()));
    }
    for (const auto& [name, stage] : member(r, "stages").items()) score(name, stage.value("score", Record()));
    score("confidence", r.value("confidence", Record()));
    for (const auto& [side, list] : member(r, "diagnostics").items())
        for (const Record& d : list)
            if (d.contains("code") && d["code"].is_string()) facts.diagnostic_codes.push_back(d["code"].get<std::string>());
    facts.id = r.value("id", "");
    return facts;
}

void BatchSummary::add(const RecordFacts& facts) {
    ++cases_;
    if (facts.pass) ++passed_;
    if (facts.error) ++errors_;
    for (const auto& [name, value] : facts.scores) {
        Mean& m = means_[name];
        m.sum += value;
        ++m.count;
    }
    for (const std::string& code : facts.diagnostic_codes) ++diagnostic_counts_[code];
    worst_.emplace(facts.total, facts.id);
    if (worst_.size() > worst_kept_) worst_.erase(std::prev(worst_.end()));
}

Record BatchSummary::to_json() const {
    Record j;
    j["cases"] = cases_;
    j["passed"] = passed_;
    j["failed"] = cases_ - passed_;
    j["errors"] = errors_;
    j["pass_rate"] = cases_ ? double(passed_) / double(cases_) : 0.0;
    Record means = Record::object();
    for (const auto& [name, m] : means_) means[name] = {{"mean", m.sum / double(m.count)}, {"cases", m.count}};
    j["means"] = std::move(means);
    std::vector<std::pair<std::string, size_t>> codes(diagnostic_counts_.begin(), diagnostic_counts_.end());
    std::stable_sort(codes.begin(), codes.end(), [](auto& a, auto& b) { return a.second > b.second; });
    if (codes.size() > 10) codes.resize(10);
    j["top_diagnostics"] = Record::array();
    for (const auto& [code, count] : codes) j["top_diagnostics"].push_back({{"code", code}, {"count", count}});
    j["worst"] = Record::array();
    for (const auto& [total, id] : worst_) j["worst"].push_back({{"id", id}, {"total", total}});
    return j;
}

std::string BatchSummary::to_text() const {
    Record j = to_json();
    std::string out = "qdiff batch: " + std::to_string(cases_) + " cases, " + std::to_string(passed_) + " passed (" +
                      fixed(j["pass_rate"].get<double>() * 100, "%.1f") + "%), " + std::to_string(cases_ - passed_) +
                      " failed, " + std::to_string(errors_) + " with errors\n";
    if (!means_.empty()) out += "  mean scores:\n";
    for (const auto& [name, m] : j["means"].items())
        out += "    " + name + " " + fixed(m["mean"].get<double>()) + " (" + std::to_string(m["cases"].get<size_t>()) +
               " cases)\n";
    if (!j["top_diagnostics"].empty()) out += "  most frequent diagnostics:\n";
    for (const Record& d : j["top_diagnostics"])
        out += "    " + d["code"].get<std::string>() + " x" + std::to_string(d["count"].get<size_t>()) + "\n";
    if (!worst_.empty()) out += "  worst cases:\n";
    for (const auto& [total, id] : worst_) out += "    " + id + " total " + fixed(total) + "\n";
    return out;
}

}  // namespace qdiff::stages
