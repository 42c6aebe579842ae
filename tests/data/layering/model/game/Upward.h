// A deliberate layering violation: the check must reject this tree.
#pragma once
#include "cli/Commands.h"
