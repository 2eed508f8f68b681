// `qdiff batch CASES.jsonl [-o OUT.jsonl] [options]`: reads the options and the files; the cases are
// evaluated by stages/batch_runner (N workers, records in input order, bounded memory). With -o, ids
// already in OUT are skipped and OUT is appended (a resumed run).
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "qdiff/evaluate.hpp"
#include "stages/evaluate.hpp"
#include "stages/pipeline_record.hpp"

namespace qdiff::cli {
namespace {

using stages::Record;

struct BatchOptions {
    std::string input;
    std::string output;  // "" = standard output
    std::string summary_path;
    EvaluateOptions evaluate;
    bool csv = false;  // CSV rows instead of JSONL records
};

BatchOptions read_options(const std::vector<std::string>& argv) {
    std::vector<OptionSpec> valued = {
        {"output", "OUT.jsonl|OUT.csv: the records (default: standard output); an existing JSONL file is resumed"},
        {"summary", "FILE: the summary as JSON"},
        {"output-format", "jsonl|csv: record format (default: by the -o extension, else jsonl)"}};
    std::vector<OptionSpec> flags;
    const std::vector<std::string> shared = {"profile", "lang", "dialect", "normalize-off"};
    for (const std::string& name : shared) valued.push_back(compare_option(name));
    for (const EvaluateOptionInfo& info : evaluate_option_infos())
        (info.value.empty() ? flags : valued).push_back({info.name, info.value.empty() ? info.help : info.value + ": " + info.help});
    Args args("batch", "Evaluates a benchmark: one record (JSONL or CSV) per case of CASES.jsonl.", argv, valued, flags,
              "CASES.jsonl|-");
    if (args.positionals().size() != 1)
        throw UsageError{"expected one input, CASES.jsonl (a file or -), got " +
                         std::to_string(args.positionals().size())};
    BatchOptions o;
    o.input = args.positionals()[0];
    o.output = args.get_or("output", "");
    if (o.output == "-") o.output.clear();
    o.summary_path = args.get_or("summary", "");
    EvaluateOptions& e = o.evaluate;
    e.threads = std::max(1u, std::thread::hardware_concurrency());
    read_compare_options(args, e.compare, shared);
    if (o.input != "-") e.base_dir = std::filesystem::absolute(o.input).parent_path().string();
    for (const EvaluateOptionInfo& info : evaluate_option_infos()) {
        std::optional<std::string> value = info.value.empty() ? (args.flag(info.name) ? std::optional<std::string>("")
                                                                                       : std::nullopt)
                                                              : args.get(info.name);
        if (!value) continue;
        if (std::string error = set_evaluate_option(e, info.option, *value); !error.empty())
            throw UsageError{"--" + info.name + " " + error};
    }
    // CSV when asked, or when -o names a .csv file.
    bool csv_name = o.output.size() > 4 && o.output.compare(o.output.size() - 4, 4, ".csv") == 0;
    o.csv = args.choice("output-format", csv_name ? "csv" : "jsonl", {"jsonl", "csv"}) == "csv";
    return o;
}

// Ids of the records already in a previous run's output, which are added to the summary. A last
// line cut short (the previous run was killed mid-write) is removed so that appending keeps the
// file valid JSONL.
std::set<std::string> resume(const std::string& path, stages::BatchSummary& summary) {
    std::set<std::string> done;
    std::ifstream in(path, std::ios::binary);
    if (!in) return done;
    std::string line;
    std::uintmax_t complete_bytes = 0, offset = 0;
    while (std::getline(in, line)) {
        bool complete = !in.eof();
        offset += line.size() + (complete ? 1 : 0);
        if (!complete) break;
        complete_bytes = offset;
        Record r = Record::parse(line, nullptr, false);
        if (r.is_object() && r.contains("id") && r["id"].is_string()) {
            if (!done.insert(r["id"].get<std::string>()).second) continue;
            try {
                summary.add(r);
            } catch (const std::exception& e) {  // a record of another shape: skipped, not summarised
                std::cerr << "qdiff batch: " << path << ": record " << r["id"] << " not summarised: " << e.what()
                          << "\n";
            }
        } else if (line.find_first_not_of(" \t\r") != std::string::npos) {
            std::cerr << "qdiff batch: " << path << ": ignoring a line that is not a record\n";
        }
    }
    in.close();
    std::error_code ec;
    if (std::filesystem::file_size(path, ec) != complete_bytes && !ec) {
        std::cerr << "qdiff batch: " << path << ": removing an incomplete last line\n";
        std::filesystem::resize_file(path, complete_bytes);
    }
    return done;
}

// Shown on a terminal only: cases done (of how many, when the input is a file) and passed so far.
class Progress {
public:
    explicit Progress(const std::string& input) : enabled_(::isatty(STDERR_FILENO) == 1) {
        if (!enabled_ || input == "-") return;
        std::ifstream in(input, std::ios::binary);
        std::string line;
        while (std::getline(in, line))
            if (line.find_first_not_of(" \t\r") != std::string::npos) ++expected_;
    }
    void update(const stages::BatchSummary& s, bool final = false) {
        if (!enabled_) return;
        auto now = std::chrono::steady_clock::now();
        if (!final && now - last_ < std::chrono::milliseconds(200)) return;
        last_ = now;
        std::string bar;
        if (expected_) {
            size_t filled = std::min<size_t>(30, 30 * s.cases() / expected_);
            bar = "[" + std::string(filled, '#') + std::string(30 - filled, '.') + "] ";
        }
        std::cerr << "\r\033[K" << bar << s.cases() << (expected_ ? "/" + std::to_string(expected_) : "") << " cases, "
                  << s.passed() << " passed" << std::flush;
        if (final) std::cerr << "\r\033[K" << std::flush;
    }

private:
    bool enabled_;
    size_t expected_ = 0;
    std::chrono::steady_clock::time_point last_{};
};

}  // namespace

int run_batch(const std::vector<std::string>& argv) {
    BatchOptions o = read_options(argv);
    std::ifstream file;
    std::istream* in = &std::cin;
    if (o.input != "-") {
        if (std::filesystem::is_directory(o.input)) throw UsageError{o.input + " is a directory"};
        errno = 0;
        file.open(o.input, std::ios::binary);
        if (!file) throw_unreadable(o.input);
        in = &file;
    }
    stages::BatchSummary summary;
    std::set<std::string> done_ids;
    FILE* out = stdout;
    if (!o.output.empty()) {
        std::error_code ec;
        if (o.csv && std::filesystem::exists(o.output, ec) && std::filesystem::file_size(o.output, ec) > 0 && !ec)
            throw UsageError{o.output +
                             " exists: a CSV output cannot be resumed (its rows do not keep whole records); "
                             "remove it, or write JSONL, which resumes"};
        if (!o.csv) done_ids = resume(o.output, summary);
        errno = 0;
        out = std::fopen(o.output.c_str(), "ab");
        if (!out) throw_unwritable(o.output);
    }
    // Opened before the run: a summary path that cannot be written fails now, not after every case ran.
    std::ofstream summary_file;
    if (!o.summary_path.empty()) {
        errno = 0;
        summary_file.open(o.summary_path);
        if (!summary_file) throw_unwritable(o.summary_path);
    }
    size_t resumed = summary.cases();
    Progress progress(o.input);

    std::unique_ptr<stages::BatchRunner> runner =
        stages::make_runner(o.evaluate, o.csv ? stages::RecordFormat::Csv : stages::RecordFormat::Jsonl,
                            [&done_ids](const std::string& id) { return done_ids.count(id) != 0; });

    size_t line_number = 0, case_lines = 0;
    // A misspelt field ("dialet") is ignored by every case that has it: said once per field, from the first
    // lines (a file's cases share their fields), so that the check costs nothing on a long run.
    std::set<std::string> misspelt_said;
    auto warn_misspelt = [&](const std::string& line) {
        if (case_lines > 1000) return;
        for (const std::string& field : stages::misspelt_case_fields(line))
            if (misspelt_said.insert(field).second)
                std::cerr << "qdiff batch: line " << line_number << ": unknown field " << field << ": ignored\n";
    };
    auto next_case = [&]() -> std::optional<stages::BatchInput> {
        std::string line;
        while (std::getline(*in, line)) {
            ++line_number;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.find_first_not_of(" \t") != std::string::npos) {
                ++case_lines;
                warn_misspelt(line);
                return stages::BatchInput{line_number, std::move(line)};
            }
        }
        return std::nullopt;
    };
    bool write_failed = false;
    // Flushed at most every 100 ms: a reader of the file sees progress without a system call per record.
    auto last_flush = std::chrono::steady_clock::now();
    if (o.csv) {
        std::string header = stages::csv_header();
        write_failed |= std::fwrite(header.data(), 1, header.size(), out) != header.size();
    }
    // Repeated ids are renamed by the runner; the first few renames are shown, all are counted.
    size_t renamed = 0;
    auto write_record = [&](stages::BatchOutput&& output) {
        if (!output.renamed_from.empty() && ++renamed <= 5)
            std::cerr << "qdiff batch: line " << output.line << ": the id \"" << output.renamed_from
                      << "\" is already on line " << output.first_line << ": renamed \"" << output.id << "\"\n";
        if (output.skipped) return;
        if (!o.csv && !output.text.empty()) output.text += '\n';  // a CSV row has its own
        write_failed |= std::fwrite(output.text.data(), 1, output.text.size(), out) != output.text.size();
        summary.add(output.facts);
        auto now = std::chrono::steady_clock::now();
        if (now - last_flush >= std::chrono::milliseconds(100)) {
            write_failed |= std::fflush(out) != 0;
            last_flush = now;
        }
        progress.update(summary);
    };
    runner->run(next_case, write_record);
    write_failed |= std::fflush(out) != 0;
    if (out != stdout) write_failed |= std::fclose(out) != 0;
    progress.update(summary, true);
    // An empty input (a wrong path from a script, a file not yet written) would otherwise "pass" every case.
    if (case_lines == 0)
        throw UsageError{(o.input == "-" ? std::string("standard input") : o.input) +
                         " holds no case: expected one JSON object per line"};

    if (renamed > 5) std::cerr << "qdiff batch: " << renamed << " repeated ids renamed in all\n";
    std::cerr << summary.to_text();
    if (resumed) std::cerr << "  (" << resumed << " of these cases were already in " << o.output << ")\n";
    if (!o.summary_path.empty()) {
        summary_file << summary.to_json().dump(2) << '\n';
        summary_file.close();
        if (!summary_file) throw_unwritable(o.summary_path);
    }
    if (write_failed)
        throw UsageError{"cannot write " + (o.output.empty() ? std::string("standard output") : o.output)};
    return summary.passed() == summary.cases() ? 0 : 1;
}

}  // namespace qdiff::cli
