// The one-line message a bad input produces, for tests that pin error texts.
#pragma once
#include <functional>
#include <string>

#include "model/common/InputError.h"

namespace tlaloc::test_support {

// What `f` throws as an InputError, or "no error".
inline std::string input_error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace tlaloc::test_support
