#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""
Cut one steady-state iteration of a function's main loop out of an object
file, as the instructions the CPU executes (for llvm-mca).

usage: loopcut.py OBJ SYMBOL KEYARG LENARG KEYBYTES MSGLEN [NTH [take]]

The main loop is the NTH (default 1) largest backward branch in SYMBOL.  To
know which way each branch inside it goes (key-length dispatch, rolled
round loops, calls to local helpers as in Linux's aesni-intel_asm.S), the
function is run from its entry on a small model of the general-purpose
registers: argument KEYARG (1-based, SysV order) points at a key whose
key_length (offset 480) is KEYBYTES, argument LENARG is MSGLEN, other
arguments are distinct pointers, memory not written reads as zero (so an
IV or counter is 0), and every other value is unknown.  Vector
instructions are only recorded.  A branch on unknown flags (e.g. after a
vptest) falls through, or with "take" a forward one is taken; either way
it is counted in the "guessed" figure of the header.  What is printed is the
second iteration: from the loop head to the next taken loop branch, calls
and jumps followed, branches and nops left out, then the loop branch.

The first line printed is a comment with the number of bytes per
iteration (16 per block through a last AES round: aesenclast/aesdeclast
times the vector width), the iteration length in instructions and the
number of guessed branches.
"""
import os
import re
import subprocess
import sys

GPR64 = ['rax', 'rcx', 'rdx', 'rbx', 'rsp', 'rbp', 'rsi', 'rdi',
         'r8', 'r9', 'r10', 'r11', 'r12', 'r13', 'r14', 'r15']
REGS = {}                           # register name -> (64-bit name, bits)
for i, r in enumerate(GPR64):
    REGS[r] = (r, 64)
    if i < 8:
        b = r[1:]
        REGS['e' + b] = (r, 32)
        REGS[b] = (r, 16)
        REGS[{'ax': 'al', 'cx': 'cl', 'dx': 'dl', 'bx': 'bl', 'sp': 'spl',
              'bp': 'bpl', 'si': 'sil', 'di': 'dil'}[b]] = (r, 8)
    else:
        REGS[r + 'd'] = (r, 32)
        REGS[r + 'w'] = (r, 16)
        REGS[r + 'b'] = (r, 8)
ARGS = ['rdi', 'rsi', 'rdx', 'rcx', 'r8', 'r9']
BASES = ('mov', 'movabs', 'lea', 'add', 'sub', 'and', 'or', 'xor', 'shl',
         'sal', 'shr', 'sar', 'cmp', 'test', 'inc', 'dec', 'neg', 'push',
         'pop', 'adc', 'sbb', 'bswap')
SUFFIX = {'q': 64, 'l': 32, 'w': 16, 'b': 8}
VEC = {'x': 16, 'y': 32, 'z': 64}
CC = {'o': 'o', 'no': 'no', 'b': 'b', 'c': 'b', 'nae': 'b', 'ae': 'ae',
      'nb': 'ae', 'nc': 'ae', 'e': 'e', 'z': 'e', 'ne': 'ne', 'nz': 'ne',
      'be': 'be', 'na': 'be', 'a': 'a', 'nbe': 'a', 's': 's', 'ns': 'ns',
      'l': 'l', 'nge': 'l', 'ge': 'ge', 'nl': 'ge', 'le': 'le', 'ng': 'le',
      'g': 'g', 'nle': 'g'}


GUESS_TAKEN = False
TRACE = int(os.environ.get('LOOPCUT_TRACE', '0'))


def die(msg):
    sys.exit('loopcut: ' + msg)


def disassemble(obj):
    """addr -> (mnemonic, [operands], text); symbol -> addr; sorted addrs"""
    out = subprocess.run(['objdump', '-d', '-w', '--no-show-raw-insn', obj],
                         check=True, capture_output=True, text=True).stdout
    insns, syms = {}, {}
    for line in out.splitlines():
        m = re.match(r'^([0-9a-f]+) <(.*)>:$', line)
        if m:
            syms[m.group(2)] = int(m.group(1), 16)
            continue
        m = re.match(r'^\s*([0-9a-f]+):\s+(.*)$', line)
        if not m:
            continue
        text = re.sub(r'\s+#.*$', '', m.group(2)).strip()
        parts = text.split(None, 1)
        mnem = parts[0]
        while mnem in ('data16', 'cs', 'ds', 'rex.W', 'notrack', 'bnd') \
                and len(parts) > 1:
            parts = parts[1].split(None, 1)
            mnem = parts[0]
        ops = split_operands(parts[1]) if len(parts) > 1 else []
        insns[int(m.group(1), 16)] = (mnem, ops, text)
    return insns, syms, sorted(insns)


def split_operands(s):
    s = re.sub(r'\s+<[^>]*>$', '', s)
    ops, depth, cur = [], 0, ''
    for ch in s:
        if ch == ',' and depth == 0:
            ops.append(cur.strip())
            cur = ''
            continue
        depth += ch in '({'
        depth -= ch in ')}'
        cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return ops


def signed(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


class Machine:
    def __init__(self, keyarg, lenarg, keybytes, msglen):
        self.r = {r: None for r in GPR64}
        self.mem = {}
        self.flags = None           # dict of CF ZF SF OF (None = unknown)
        self.stack = []
        self.r['rsp'] = 0x7ff000000
        for i, a in enumerate(ARGS):
            self.r[a] = 0x10000000 * (i + 1)
        key = self.r[ARGS[keyarg - 1]]
        self.mem[key + 480] = keybytes
        self.r[ARGS[lenarg - 1]] = msglen

    def get(self, op, bits=64):
        if op.startswith('$'):
            return int(op[1:], 0) & ((1 << bits) - 1)
        if op.startswith('%'):
            name = op[1:]
            if name not in REGS:
                return None
            full, w = REGS[name]
            v = self.r[full]
            return None if v is None else v & ((1 << w) - 1)
        a = self.addr(op)
        if a is None:
            return None
        # memory never written reads as zero: an IV or counter of 0 takes
        # the common path (no carry out of the low counter word)
        return self.mem.get(a, 0) & ((1 << bits) - 1)

    def set(self, op, v, bits=None):
        if op.startswith('%'):
            full, w = REGS[op[1:]]
            if v is None or w < 32:
                self.r[full] = None if w < 32 or v is None else v
            else:
                self.r[full] = v & ((1 << w) - 1)
            return
        a = self.addr(op)
        if a is not None:
            self.mem[a] = v if v is not None else None
            if v is None:
                del self.mem[a]

    def addr(self, op):
        m = re.match(r'^(-?0x[0-9a-f]+|-?\d+)?\((%\w+)?(?:,(%\w+)(?:,(\d))?)?\)$',
                     op)
        if not m or (m.group(2) and m.group(2)[1:] == 'rip'):
            return None
        a = int(m.group(1), 0) if m.group(1) else 0
        for reg, scale in ((m.group(2), 1),
                           (m.group(3), int(m.group(4) or 1))):
            if reg:
                v = self.get(reg)
                if v is None:
                    return None
                a += v * scale
        return a & ((1 << 64) - 1)

    def arith(self, op, a, b, bits):
        """flags and result of b OP a"""
        if a is None or b is None:
            self.flags = None
            return None
        mask = (1 << bits) - 1
        a &= mask
        b &= mask
        cf = of = 0
        if op in ('sub', 'cmp'):
            r = (b - a) & mask
            cf = b < a
            of = not (-(1 << (bits - 1)) <= signed(b, bits) - signed(a, bits)
                      < (1 << (bits - 1)))
        elif op == 'add':
            r = (b + a) & mask
            cf = b + a > mask
            of = not (-(1 << (bits - 1)) <= signed(b, bits) + signed(a, bits)
                      < (1 << (bits - 1)))
        elif op in ('and', 'test'):
            r = b & a
        elif op == 'or':
            r = b | a
        elif op == 'xor':
            r = b ^ a
        elif op in ('shl', 'sal'):
            r = (b << (a & 63)) & mask
            cf = of = None
        elif op == 'shr':
            r = b >> (a & 63)
            cf = of = None
        elif op == 'sar':
            r = (signed(b, bits) >> (a & 63)) & mask
            cf = of = None
        else:
            self.flags = None
            return None
        self.flags = {'CF': cf, 'OF': of, 'ZF': r == 0,
                      'SF': bool(r >> (bits - 1))}
        return r

    def cond(self, cc):
        f = self.flags
        if f is None:
            return None
        need = {'o': 'OF', 'no': 'OF', 'b': 'CF', 'ae': 'CF', 'e': 'ZF',
                'ne': 'ZF', 's': 'SF', 'ns': 'SF'}
        if cc in need and f[need[cc]] is None:
            return None
        if cc in ('be', 'a') and f['CF'] is None:
            return None
        if cc in ('l', 'ge', 'le', 'g') and f['OF'] is None:
            return None
        return {'o': lambda: f['OF'], 'no': lambda: not f['OF'],
                'b': lambda: f['CF'], 'ae': lambda: not f['CF'],
                'e': lambda: f['ZF'], 'ne': lambda: not f['ZF'],
                'be': lambda: f['CF'] or f['ZF'],
                'a': lambda: not (f['CF'] or f['ZF']),
                's': lambda: f['SF'], 'ns': lambda: not f['SF'],
                'l': lambda: f['SF'] != f['OF'],
                'ge': lambda: f['SF'] == f['OF'],
                'le': lambda: f['ZF'] or f['SF'] != f['OF'],
                'g': lambda: not f['ZF'] and f['SF'] == f['OF']}[cc]()


def width(mnem, ops):
    for op in reversed(ops):
        if op.startswith('%') and op[1:] in REGS:
            return REGS[op[1:]][1]
    if mnem[-1] in SUFFIX:
        return SUFFIX[mnem[-1]]
    return 64


def step(m, mnem, ops):
    """Model one non-branch instruction's effect on GPRs, memory, flags."""
    if mnem.startswith('nop') or mnem == 'xchg' and ops[0] == ops[1]:
        return
    base = mnem
    if mnem not in BASES and mnem[:-1] in BASES and mnem[-1] in SUFFIX \
            and mnem not in ('sub', 'sbb'):
        base = mnem[:-1]
    dst = ops[-1] if ops else None
    gdst = dst is not None and dst.startswith('%') and dst[1:] in REGS
    bits = width(mnem, ops)
    if base in ('mov', 'movabs') or mnem in ('movq', 'movl') and gdst:
        if any(o.startswith('%') and o[1:] not in REGS for o in ops):
            if gdst:
                m.set(dst, None)
            return
        m.set(dst, m.get(ops[0], bits))
    elif mnem.startswith(('movz', 'movs')) and gdst and \
            not mnem.startswith(('movsd', 'movss', 'movsh')):
        m.set(dst, None if mnem.startswith('movs') else
              m.get(ops[0], 8 if 'b' in mnem[4:] else 16))
    elif base == 'lea':
        m.set(dst, m.addr(ops[0]))
    elif base in ('add', 'sub', 'and', 'or', 'xor', 'shl', 'sal', 'shr',
                  'sar') and (gdst or len(ops) == 2 and ops[0][0] in '$%'
                              and (ops[0][0] == '$' or ops[0][1:] in REGS)):
        if len(ops) == 1:
            ops = ['$1'] + ops
        if base == 'xor' and ops[0] == ops[1]:
            m.set(dst, m.arith('xor', 0, 0, bits))
            return
        a = m.get(ops[0], 8 if base[0] == 's' and base[1] in 'ha' else bits)
        m.set(dst, m.arith(base, a, m.get(dst, bits), bits))
    elif base in ('cmp', 'test'):
        m.arith(base, m.get(ops[0], bits), m.get(ops[1], bits), bits)
    elif base in ('inc', 'dec'):
        cf = m.flags and m.flags['CF']
        m.set(dst, m.arith('add' if base == 'inc' else 'sub', 1,
                           m.get(dst, bits), bits))
        if m.flags:
            m.flags['CF'] = cf
    elif base == 'neg':
        v = m.get(dst, bits)
        m.set(dst, m.arith('sub', v, 0, bits))
    elif base == 'push':
        m.stack.append(m.get(ops[0]))
        m.r['rsp'] = m.r['rsp'] - 8 if m.r['rsp'] is not None else None
    elif base == 'pop':
        m.set(dst, m.stack.pop() if m.stack else None)
        m.r['rsp'] = m.r['rsp'] + 8 if m.r['rsp'] is not None else None
    elif mnem in ('shlx', 'shrx', 'sarx', 'bzhi'):
        a, b = m.get(ops[0], bits), m.get(ops[1], bits)
        if a is None or b is None:
            v = None
        elif mnem == 'shlx':
            v = b << (a & 63)
        elif mnem == 'shrx':
            v = b >> (a & 63)
        elif mnem == 'sarx':
            v = signed(b, bits) >> (a & 63)
        else:
            v = b & ((1 << (a & 255)) - 1) if (a & 255) < bits else b
        if mnem == 'bzhi':
            m.flags = None
        m.set(dst, v)
    elif base == 'bswap' and gdst:
        v = m.get(dst, bits)
        m.set(dst, None if v is None else
              int.from_bytes(v.to_bytes(bits // 8, 'little'), 'big'))
    elif base in ('adc', 'sbb') and gdst:
        cf = m.flags and m.flags['CF']
        a = m.get(ops[0], bits)
        if cf is None or a is None:
            m.set(dst, m.arith('add', None, None, bits))
        else:
            m.set(dst, m.arith('add' if base == 'adc' else 'sub',
                               a + int(cf), m.get(dst, bits), bits))
    elif mnem.startswith('cmov') and mnem[4:] in CC and gdst:
        c = m.cond(CC[mnem[4:]])
        old = m.get(dst, bits)
        m.set(dst, None if c is None else m.get(ops[0], bits) if c else old)
    elif gdst:
        # anything else writing a GPR: value unknown; flags unknown unless
        # it is one of the flag-preserving moves
        m.set(dst, None)
        if not mnem.startswith(('cmov', 'set', 'vmov', 'movq', 'movd',
                                'vpextr', 'pextr', 'kmov', 'vpmovm', 'rorx',
                                'shlx', 'sarx', 'shrx', 'andn')):
            m.flags = None
    elif mnem in ('ptest', 'vptest') or mnem.startswith(('kortest', 'ktest',
                                                          'comis', 'ucomis',
                                                          'vcomis',
                                                          'vucomis')):
        m.flags = None
    elif dst is not None and not dst.startswith('%') and \
            not mnem.startswith(('v', 'p', 'mov', 'k')):
        m.set(dst, None)            # read-modify-write of memory
        m.flags = None


def round_blocks(mnem, ops):
    """Blocks behind one AES round instruction (any round)."""
    if not mnem.lstrip('v').startswith(('aesenc', 'aesdec')):
        return 0
    return block_bytes('aesenclast', ops) // 16


def block_bytes(mnem, ops):
    """Bytes of data behind one last-round AES instruction: every block of
    every mode goes through exactly one (stores would count XTS tweaks that
    Linux's aesni code parks in dst)."""
    if mnem.lstrip('v') not in ('aesenclast', 'aesdeclast'):
        return 0
    return VEC.get(ops[-1][1], 16) if ops[-1][2:4] == 'mm' else 16


def run(insns, addrs, start, args, loop_br=None):
    """
    Run the function from @start.  Without @loop_br: to its return, giving
    for each taken backward branch the instructions its iterations executed
    in all.  With @loop_br: until that branch is taken the second time,
    giving the instructions of the iteration in between.
    """
    m = Machine(*args)
    nxt = {a: addrs[i + 1] for i, a in enumerate(addrs[:-1])}
    pc, calls, taken, guessed, steps = start, [], 0, 0, 0
    body, stored, last, hot, rounds = [], 0, {}, {}, 0
    while True:
        steps += 1
        if steps > 4000000:
            die('no end within 4e6 instructions')
        if pc not in insns:
            die('ran off the code at %#x' % pc)
        last[pc] = steps
        mnem, ops, text = insns[pc]
        if TRACE > 1:
            print('# %#x %s %s' % (pc - start, text, m.r), file=sys.stderr)
        rec = loop_br is not None and taken == 1
        target = int(ops[0], 16) if ops and re.match(r'^[0-9a-f]+$', ops[0]) \
            else None
        if mnem == 'call' and target is not None:
            calls.append(nxt[pc])
            pc = target
            continue
        if mnem == 'ret':
            if calls:
                pc = calls.pop()
                continue
            if loop_br is not None:
                die('returned before the loop ran twice')
            return hot
        if mnem.startswith('j') and target is not None:
            if mnem == 'jmp':
                c = True
            else:
                c = m.cond(CC[mnem[1:]]) if mnem[1:] in CC else None
            if c is None:
                guessed += rec
                c = GUESS_TAKEN and target > pc
                if TRACE:
                    print('# guessed at %#x: %s' % (pc - start, text),
                          file=sys.stderr)
            if c and target < pc and loop_br is None:
                hot[pc] = hot.get(pc, 0) + steps - last.get(target, steps)
            if c and pc == loop_br:
                taken += 1
                if taken == 2:
                    body.append(mnem + '\t.Lloop')
                    return body, stored, guessed, target, rounds
            pc = target if c else nxt[pc]
            continue
        if rec and not mnem.startswith('nop') and \
                not (mnem == 'xchg' and ops == ['%ax', '%ax']):
            body.append(text)
            stored += block_bytes(mnem, ops)
            rounds += round_blocks(mnem, ops)
        step(m, mnem, ops)
        pc = nxt[pc]


def main():
    if len(sys.argv) < 7:
        die('usage: loopcut.py OBJ SYMBOL KEYARG LENARG KEYBYTES MSGLEN [NTH]')
    obj, sym = sys.argv[1], sys.argv[2]
    args = list(map(int, sys.argv[3:7]))
    nth = int(sys.argv[7]) if len(sys.argv) > 7 else 1
    global GUESS_TAKEN
    GUESS_TAKEN = len(sys.argv) > 8 and sys.argv[8] == 'take'
    insns, syms, addrs = disassemble(obj)
    if sym not in syms:
        die('%s: no symbol %s' % (obj, sym))
    start = syms[sym]
    hot = run(insns, addrs, start, args)
    loops = sorted(hot, key=lambda b: -hot[b])
    if len(loops) < nth:
        die('%s: fewer than %d loops ran' % (sym, nth))
    body, stored, guessed, head, rounds = run(insns, addrs, start, args,
                                              loops[nth - 1])
    # every block takes key_length / 4 + 6 rounds: a cut that followed
    # the wrong key-length path, or a round loop the wrong number of
    # times, shows here
    want = stored // 16 * (args[2] // 4 + 6)
    print('# %s: %d bytes per iteration, %d instructions, '
          '%d guessed branches, loop %#x-%#x%s' %
          (sym, stored, len(body), guessed, head - start,
           loops[nth - 1] - start,
           '' if rounds == want else ', ROUNDS %d != %d' % (rounds, want)))
    print('.Lloop:')
    for line in body:
        print('\t' + line)


if __name__ == '__main__':
    main()
