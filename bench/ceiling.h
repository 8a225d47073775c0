/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The AES ceiling of this CPU (ceiling.c) */
#ifndef BENCH_CEILING_H
#define BENCH_CEILING_H

double aes_ticks_per_insn(int vl);
double core_cycles_per_tick(void);

#endif
