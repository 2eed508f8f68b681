// The result-set readers (the first byte picks one): inline JSON, a CSV file, and the translation of
// a PostgreSQL dump to SQLite statements.
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "stages/results/postgres_dump.hpp"
#include "stages/results/result_set.hpp"
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

namespace {

// CSV is only read from a file: one per process, rewritten for every input.
const std::string& csv_path() {
    static const std::string path =
        (std::filesystem::temp_directory_path() / ("qdiff-fuzz-" + std::to_string(::getpid()) + ".csv")).string();
    return path;
}

}  // namespace

void run_result_file(std::string_view data) {
    Selected in = select(data, 3);
    switch (in.mode) {
        case 0: {
            // Inline JSON is recognised by its first character.
            (void)results::read_result_file("[" + std::string(in.text));
            (void)results::read_result_file("{" + std::string(in.text));
            break;
        }
        case 1: {
            std::FILE* f = std::fopen(csv_path().c_str(), "wb");
            if (!f) return;
            std::fwrite(in.text.data(), 1, in.text.size(), f);
            std::fclose(f);
            (void)results::read_result_file(csv_path());
            break;
        }
        default: (void)results::translate_postgres_dump(in.text); break;
    }
}

}  // namespace qdiff::fuzz
