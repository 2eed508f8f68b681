// Builds defog's PostgreSQL databases as SQLite files (through the results matcher's dump translation),
// for bench/defog_labels.py. usage: defog_databases CORPUS/sql/defog/databases OUT_DIR
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "stages/results/postgres_dump.hpp"

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    if (argc != 3) {
        std::cerr << "usage: defog_databases DUMP_DIR OUT_DIR\n";
        return 2;
    }
    fs::create_directories(argv[2]);
    int failures = 0;
    for (const auto& entry : fs::directory_iterator(argv[1])) {
        if (entry.path().extension() != ".sql") continue;
        std::ifstream in(entry.path());
        std::stringstream dump;
        dump << in.rdbuf();
        fs::path out = fs::path(argv[2]) / (entry.path().stem().string() + ".sqlite");
        std::string error = qdiff::results::build_sqlite_from_postgres_dump(dump.str(), out.string());
        if (!error.empty()) {
            std::cerr << entry.path() << ": " << error << "\n";
            ++failures;
        } else {
            std::cout << out.string() << "\n";
        }
    }
    return failures ? 1 : 0;
}
