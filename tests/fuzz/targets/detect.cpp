// Language detection on any text, then a parse in the language it chose (what `--lang auto` does).
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void run_detect(std::string_view data) {
    Language detected = detect_language(data);
    if (detected == Language::Auto) violated("detect_language answered auto", data);
    ParseResult parsed = parse(std::string(data));
    if (parsed.language() != detected)
        violated("parse with --lang auto chose another language than detect_language", data);
    exercise(parsed);
}

}  // namespace qdiff::fuzz
