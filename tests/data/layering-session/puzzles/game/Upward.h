// Planted for the layering test: puzzles/ may not include the session layer above it.
#pragma once
#include "session/common/Engine.h"
