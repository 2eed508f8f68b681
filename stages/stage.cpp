// Names of stage statuses, as they appear in batch records.
#include "qdiff/stage.hpp"

namespace qdiff {

std::string_view stage_status_name(StageStatus s) {
    switch (s) {
        case StageStatus::Ok: return "ok";
        case StageStatus::Skipped: return "skipped";
        case StageStatus::Error: return "error";
        case StageStatus::Timeout: return "timeout";
    }
    return "?";
}

}  // namespace qdiff
