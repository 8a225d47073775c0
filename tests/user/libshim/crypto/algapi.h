/* SPDX-License-Identifier: GPL-2.0-or-later */
/* User-space stand-in: see kshim.h. */
#include "../kshim.h"
