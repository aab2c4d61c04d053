/* ws_presets.c: the machine presets, each a list of overrides of the option
 * table's defaults (which are the gtx480 machine), every value with its
 * source.  Values and sources follow ../shared/design/PRESETS.md and
 * ../shared/research/anchors-gpusim.md section 4.
 *
 * Tags: [paper] stated by the paper named; [gpgpusim] GPGPU-Sim's tested
 * configuration for that GPU; [ext] a public fact about the hardware;
 * [derived] computed from stated values (the arithmetic is given);
 * [choice] the sources are silent, this is our documented choice.
 *
 * Peak DRAM bandwidth = mem.channels * dram.bus_bytes * dram.data_rate *
 * clock.dram (MHz), in MB/s; where a paper gives a bandwidth the preset
 * matches it exactly (t_opts checks the arithmetic). */
#include "arch/ws_opts_int.h"

#include "util/ws_util.h"

#define END { NULL, NULL, NULL }

/* ------------------------------------------------------------------ gtx480
 * The option table's defaults: GPGPU-Sim's SM2_GTX480 tested config.  Peak
 * 6 x 8 B x 4 x 924 MHz = 177,408 MB/s, the 177.4 GB/s the MFF paper gives. */
static const ws_preset_val gtx480[] = { END };

/* The DSAP paper's baseline L1D (Table 1: 48 KB), GPGPU-Sim's alternative
 * Fermi line "N:64:128:6" with 16 KB of shared memory. */
static const ws_preset_val gtx480_l1_48k[] = {
    { "l1d.size", "48K", "[gpgpusim] GTX480 alternative -gpgpu_cache:dl1 N:64:128:6; [paper] DSAP Table 1" },
    { "l1d.ways", "6", "[gpgpusim] GTX480 alternative -gpgpu_cache:dl1 N:64:128:6 (64 sets)" },
    { "sm.shared", "16K", "[gpgpusim] GTX480 alternative -gpgpu_shmem_size 16384" },
    { "cta.shared", "16K", "[derived] at most sm.shared" },
    END
};

/* ----------------------------------------------------------------- g80-mtp
 * The many-thread-aware prefetching paper (MTP, seed 004) Table II: an
 * 8800GT-like machine without data caches.  Peak 8 x 4 B x 2 (DDR) x 900 MHz
 * = 57,600 MB/s = the paper's 57.6 GB/s (a 256-bit bus at 900 MHz).  Not
 * modelled here: the 16 KB 8-way prefetch cache (it comes with the
 * prefetchers), "1 request from every 2 cores per cycle" on the
 * interconnect, inter-core merging in the DRAM queue. */
static const ws_preset_val g80_mtp[] = {
    { "sm.count", "14", "[paper] MTP Table II: 14 cores" },
    { "sm.simd", "8", "[paper] MTP Table II: 8-wide SIMD (a warp instruction takes 4 cycles)" },
    { "clock.core", "900", "[paper] MTP Table II: 900 MHz core" },
    { "clock.icnt", "900", "[choice] the core clock (the paper gives one clock)" },
    { "clock.l2", "900", "[choice] the core clock (no L2)" },
    { "clock.dram", "900", "[paper] MTP Table II: bus 900 MHz (memory 1.2 GHz not modelled separately)" },
    { "sm.threads", "768", "[ext] 8800GT (compute capability 1.1): 24 warps per SM" },
    { "sm.regs", "8192", "[ext] compute capability 1.1: 8192 registers per SM" },
    { "sm.ctas", "8", "[ext] compute capability 1.1: 8 CTAs per SM" },
    { "cta.threads", "512", "[ext] compute capability 1.1: 512 threads per CTA" },
    { "sm.shared", "16K", "[paper] MTP Table II: 16 KB shared memory" },
    { "cta.shared", "16K", "[derived] at most sm.shared" },
    { "sm.schedulers", "1", "[paper] MTP Table II: fetch 1 warp instruction per cycle, in order" },
    { "sm.sched", "lrr", "[choice] round robin over ready warps (paper: switch warp when operands are not ready)" },
    { "sm.fetch", "1", "[paper] MTP Table II: fetch 1 warp instruction per cycle" },
    { "sm.decode", "5", "[paper] MTP Table II: 5-cycle decode" },
    { "sm.sp", "1", "[paper] MTP Table II: one 8-wide SIMD pipeline" },
    { "sm.sfu", "1", "[choice] one SFU pipeline" },
    { "lat.int.add", "4", "[paper] MTP Table II: others 4 cycles per warp" },
    { "lat.int.max", "4", "[paper] MTP Table II: others 4 cycles per warp" },
    { "lat.int.mul", "16", "[paper] MTP Table II: IMUL 16 cycles per warp" },
    { "lat.int.mad", "16", "[choice] as IMUL (mad.lo multiplies)" },
    { "lat.fp.add", "4", "[paper] MTP Table II: others 4 cycles per warp" },
    { "lat.fp.max", "4", "[paper] MTP Table II: others 4 cycles per warp" },
    { "lat.fp.mul", "4", "[paper] MTP Table II: others 4 cycles per warp" },
    { "lat.fp.mad", "4", "[paper] MTP Table II: others 4 cycles per warp" },
    { "lat.fp.div", "32", "[paper] MTP Table II: FDIV 32 cycles per warp" },
    { "lat.sfu", "4", "[paper] MTP Table II: others 4 cycles per warp" },
    { "smem.banks", "16", "[ext] G80 has 16 banks; [paper] 16 loads per 2 cycles" },
    { "smem.latency", "4", "[choice] as the paper's ALU latency (it gives the throughput only)" },
    { "cmem.latency", "1", "[paper] MTP Table II: constant cache 1-cycle latency" },
    { "l1d.enable", "false", "[paper] MTP Table II: no data cache (8800GT)" },
    { "l1i.size", "4K", "[paper] MTP Table II: 4 KB I-cache" },
    { "mem.copy_to_l2", "false", "[choice] a trace-driven simulator (MTP Table II): host copies are outside the trace" },
    { "l2.port", "0", "[choice] the paper's simulator is not GPGPU-Sim 4.x (no sectored L2): one lookup a request" },
    { "l2.queue", "8", "[choice] the paper is silent; GPGPU-Sim's default -gpgpu_dram_partition_queues 8:8:8:8, as in the earlier runs" },
    { "l1i.ways", "4", "[choice] 8 sets x 4 ways x 128 B, GPGPU-Sim's 4 KB L1I (SM6_TITANX: N:8:128:4); the paper gives no geometry" },
    { "l2.enable", "false", "[paper] MTP Table II: no L2" },
    { "pf.dest", "pfc", "[paper] MTP Sec. II-B: prefetches go to a 16 KB 8-way prefetch cache per core" },
    { "l2.rop_latency", "0", "[choice] no L2, no ROP stage" },
    { "mem.channels", "8", "[paper] MTP Table II: 8 channels" },
    { "mem.subparts", "1", "[choice] no L2 slices to split a channel into" },
    { "dram.banks", "16", "[paper] MTP Table II: 16 banks" },
    { "dram.bank_groups", "1", "[ext] GDDR3 has no bank groups" },
    { "dram.bus_bytes", "4", "[derived] 57.6 GB/s / (8 channels x 2 x 900 MHz) = 4 B per channel" },
    { "dram.data_rate", "2", "[ext] GDDR3 is DDR" },
    { "dram.burst", "8", "[choice] burst of 8 (32 B per burst)" },
    { "dram.tCCD", "4", "[derived] burst / data_rate = 4 clocks per column command" },
    { "dram.tCCDL", "0", "[gpgpusim] no bank groups: tCCDL 0" },
    { "dram.tRTPL", "0", "[gpgpusim] no bank groups: tRTPL 0" },
    { "dram.tCL", "11", "[paper] MTP Table II: tCL=11" },
    { "dram.tRCD", "11", "[paper] MTP Table II: tRCD=11" },
    { "dram.tRP", "13", "[paper] MTP Table II: tRP=13" },
    { "dram.tRAS", "28", "[choice] GPGPU-Sim GTX480 value" },
    { "dram.tRC", "41", "[derived] tRAS + tRP" },
    { "dram.map", "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS",
      "[gpgpusim] QV100's map: 32 B bursts (5 S bits), 2 KB page (6 C + 5 S bits) as the paper, 16 banks" },
    { "dram.demand_first", "true", "[paper] MTP Table II: demand requests before prefetches" },
    { "dram.latency", "100", "[choice] GPGPU-Sim GTX480 value (the paper gives DRAM timing only)" },
    { "icnt.latency", "20", "[paper] MTP Table II: 20-cycle fixed latency" },
    { "coalesce.arch", "1.1", "[paper] MTP Table II models the 8800GT; [ext] the 8800 GT (G92) is compute "
      "capability 1.1 (CUDA C Programming Guide 3.2, Table A-1): its half-warp coalescing (4.2 guide, F.3.2.1)" },
    { "energy.table", "none", "[choice] no sourced energy figures for a 65 nm G92 (the MTP paper reports none): energy is absent" },
    END
};

/* ------------------------------------------------------------ fermi-thesis
 * The thesis machine (seed 001 Tables 3 and 8, MacSim, Fermi-like).  The
 * paper's L2 is 6 tiles, each attached to a DRAM controller, but it also
 * says 8 DRAM channels; warpscope attaches L2 slices to channels, so the
 * machine has 6 channels (one tile each) carrying the paper's total
 * bandwidth: 6 x 8 B x 4 (GDDR5) x 525 MHz = 100,800 MB/s = 100.8 GB/s. */
static const ws_preset_val fermi_thesis[] = {
    { "sm.count", "16", "[paper] thesis Table 3: 16 SMs" },
    { "sm.threads", "1536", "[paper] thesis: 48 warps, 1536 threads per SM" },
    { "sm.regs", "32768", "[paper] thesis: 128 KB register file per SM" },
    { "sm.fetch", "2", "[paper] thesis Table 3: fetch 2 warp instructions per cycle" },
    { "sm.decode", "5", "[paper] thesis Table 3: 5-cycle decode" },
    { "sm.schedulers", "2", "[paper] thesis Table 3: issue 2 warp instructions per cycle" },
    { "sm.sched", "lrr", "[paper] thesis: round-robin warp scheduling" },
    { "sm.simd", "16", "[paper] thesis Table 3: 16-wide SIMD" },
    { "clock.core", "1200", "[paper] thesis Table 3: 1.2 GHz" },
    { "clock.icnt", "1200", "[choice] the core clock" },
    { "clock.l2", "1200", "[choice] the core clock" },
    { "clock.dram", "525", "[derived] 100.8 GB/s / (6 channels x 8 B x 4) = 525 MHz" },
    { "sm.shared", "16K", "[paper] thesis: 64 KB split 48 KB L1 / 16 KB shared" },
    { "cta.shared", "16K", "[derived] at most sm.shared" },
    { "l1d.size", "48K", "[paper] thesis Table 3: 48 KB L1D" },
    { "l1d.ways", "6", "[paper] thesis Table 3: 6-way (64 sets)" },
    { "l1d.line", "128", "[paper] thesis Table 3: 128 B lines" },
    { "l1d.latency", "4", "[paper] thesis Table 3: 4-cycle hit" },
    { "l1d.write", "evict", "[paper] thesis: write-evict on a hit" },
    { "l1d.write_alloc", "none", "[paper] thesis: no allocation on a write miss" },
    { "l1d.alloc", "fill", "[paper] thesis: allocate on fill" },
    { "l1d.hash", "linear", "[choice] MacSim indexes sets linearly" },
    { "l1d.mshr", "32", "[choice] PRESETS.md: the paper gives no MSHR count" },
    { "l1d.invalidate", "none", "[choice] the thesis's trace-driven simulator keeps L1 contents between kernels (nothing in the thesis invalidates them)" },
    { "l1i.size", "4K", "[paper] thesis Table 3: 4 KB I-cache" },
    { "mem.copy_to_l2", "false", "[choice] a trace-driven simulator (thesis): host copies are outside the trace" },
    { "l2.port", "0", "[choice] the thesis's simulator is not GPGPU-Sim 4.x (no sectored L2): one lookup a request" },
    { "l1d.latency_queue", "false", "[choice] the thesis's 4-cycle L1 (Table 3) answers at that latency; GPGPU-Sim 4.x's queue in front of the lookup is not in its simulator" },
    { "l2.queue", "8", "[choice] the thesis is silent; GPGPU-Sim's default -gpgpu_dram_partition_queues 8:8:8:8, as in the earlier runs" },
    { "l1i.ways", "4", "[choice] 8 sets x 4 ways x 128 B, GPGPU-Sim's 4 KB L1I (SM6_TITANX: N:8:128:4); the thesis gives no geometry" },
    { "cmem.latency", "4", "[paper] thesis Table 3: 8 KB constant cache, 4 cycles" },
    { "mem.channels", "6", "[paper] thesis: 6 L2 tiles, each attached to a DRAM controller" },
    { "mem.subparts", "1", "[paper] thesis: one L2 tile per controller" },
    { "l2.size", "128K", "[derived] 768 KB (paper) / 6 tiles" },
    { "l2.ways", "8", "[derived] 768 sets in total (paper): 128 sets per tile, 8 ways" },
    { "l2.sector", "0", "[choice] MacSim's L2 is not sectored" },
    { "l2.write", "evict", "[paper] thesis: write-evict at L2 too" },
    { "l2.write_alloc", "none", "[paper] thesis: no allocation on a write miss" },
    { "l2.atomics", "local", "[paper] thesis Table 3: atomics execute at the L2 (not sent on by write-evict)" },
    { "l2.rop_latency", "91", "[derived] 100-cycle L2 round trip (paper) = 2 x icnt.latency 4 + l2.latency 1 + 91" },
    { "dram.banks", "16", "[paper] thesis Table 3: 16 banks" },
    { "dram.queue", "2048", "[derived] 128 requests per bank (paper) x 16 banks" },
    { "dram.tCL", "20", "[paper] thesis Table 3: tCL=20" },
    { "dram.tRCD", "28", "[paper] thesis Table 3: tRCD=28" },
    { "dram.tRP", "12", "[paper] thesis Table 3: tRP=12" },
    { "dram.latency", "186", "[derived] 400-cycle minimum DRAM round trip (paper) - 100 (L2 round trip) - "
      "(tRCD 28 + tCL 20 + 2 burst clocks) x 1200/525 = 114" },
    { "icnt.flit", "32", "[derived] a 128 B data packet is 5 flits with its header (paper): 32 B flits" },
    { "energy.table", "gtx480", "[choice] a 40 nm Fermi like the GTX480: its prices (the thesis measured a K40c, not this machine)" },
    END
};

/* ------------------------------------------------------------------ gtx980
 * The IRU paper's machine (seed 002 Table 2, GTX 980, Maxwell).  Peak 4 x 8 B
 * x 4 x 1750 MHz = 224,000 MB/s = the paper's 224 GB/s (a 256-bit GDDR5 bus
 * at 7 Gb/s per pin).  DRAM timing: GTX480's GDDR5 values in nanoseconds,
 * rescaled to 1750 MHz (x 1750/924, rounded); tCCD and tCCDL are counted in
 * clocks by GDDR5 and stay.  What Table 2 does not state follows GPGPU-Sim's
 * nearest tested configuration, SM6_TITANX (Pascal: GPGPU-Sim ships no
 * GTX 980 config), or is a [choice]; atomics at the partitions, bypassing
 * L1, as the paper's Sec. 6 says (tests/gtx980_preset.sh checks the
 * paper's values). */
static const ws_preset_val gtx980[] = {
    { "sm.count", "16", "[paper] IRU Table 2: 16 SMs" },
    { "sm.threads", "2048", "[paper] IRU Table 2: 2048 threads per SM" },
    { "sm.schedulers", "4", "[ext] GTX 980 SMM: 4 schedulers" },
    { "sm.sp", "4", "[ext] GTX 980 SMM: 4 x 32 lanes" },
    { "sm.sfu", "4", "[ext] GTX 980 SMM: one SFU pipe per scheduler" },
    { "sm.regs", "65536", "[ext] GTX 980: 64K registers per SM" },
    { "sm.ctas", "32", "[ext] compute capability 5.2: 32 CTAs per SM" },
    { "sm.shared", "96K", "[ext] GTX 980: 96 KB shared memory per SM" },
    { "clock.core", "1270", "[paper] IRU Table 2: 1.27 GHz" },
    { "clock.icnt", "1270", "[gpgpusim] the core clock, as SM6_TITANX (-gpgpu_clock_domains 1417:1417:1417:2500: "
      "interconnect and L2 at the core clock); the IRU paper gives one clock" },
    { "clock.l2", "1270", "[gpgpusim] the core clock, as SM6_TITANX (-gpgpu_clock_domains 1417:1417:1417:2500)" },
    { "clock.dram", "1750", "[derived] 224 GB/s (paper) / (4 channels x 8 B x 4) = 1750 MHz" },
    { "l1d.size", "32K", "[paper] IRU Table 2: 32 KB L1D" },
    { "l1d.line", "128", "[paper] IRU Table 2: 128 B lines" },
    { "l1d.ways", "4", "[choice] the paper gives no associativity and GPGPU-Sim's nearest config (SM6_TITANX) has "
      "a 96-way unified L1 that skips global loads: GTX480's 4 ways (64 sets)" },
    { "l1d.sector", "32", "[gpgpusim] sectored 32 B as SM6_TITANX (-gpgpu_cache:dl1 S:...), the nearest tested config "
      "(Pascal); the IRU paper states 128 B lines and mentions sectored caches only in a footnote" },
    { "l1i.size", "4K", "[gpgpusim] nearest later config SM6_TITANX: -gpgpu_cache:il1 N:8:128:4 (4 KB); the IRU paper gives no I-cache (its GPGPU-Sim had one)" },
    { "l1i.mshr_merge", "48", "[gpgpusim] SM6_TITANX: -gpgpu_cache:il1 ...,S:2:48" },
    { "mem.channels", "4", "[paper] IRU Table 2: 4 memory partitions, 4-channel GDDR5" },
    { "mem.subparts", "2", "[gpgpusim] 2 L2 slices per channel as SM6_TITANX (-gpgpu_n_sub_partition_per_mchannel 2) "
      "and GTX480; the paper's 512 KB partition is 2 slices of 256 KB" },
    { "l2.size", "256K", "[derived] 2 MB (paper) / 8 slices" },
    { "l2.ways", "16", "[gpgpusim] SM6_TITANX: -gpgpu_cache:dl2 S:64:128:16 (16 ways; the paper gives none; 128 sets)" },
    { "l2.atomics", "local", "[paper] IRU Sec. 6: in GPGPU-Sim atomics bypass the L1 and execute at the memory partitions" },
    { "l2.line", "128", "[paper] IRU Table 2: 128 B lines" },
    { "dram.tRRD", "11", "[derived] GTX480 6 x 1750/924" },
    { "dram.tRCD", "23", "[derived] GTX480 12 x 1750/924" },
    { "dram.tRAS", "53", "[derived] GTX480 28 x 1750/924" },
    { "dram.tRP", "23", "[derived] GTX480 12 x 1750/924" },
    { "dram.tRC", "76", "[derived] GTX480 40 x 1750/924" },
    { "dram.tCL", "23", "[derived] GTX480 12 x 1750/924" },
    { "dram.tWL", "8", "[derived] GTX480 4 x 1750/924" },
    { "dram.tCDLR", "9", "[derived] GTX480 5 x 1750/924" },
    { "dram.tWR", "23", "[derived] GTX480 12 x 1750/924" },
    { "dram.tRTPL", "4", "[derived] GTX480 2 x 1750/924" },
    { "coalesce.arch", "sector", "[gpgpusim] Maxwell and later coalesce into 32 B sectors (coalesce_arch >= 40; "
      "SM6_TITANX -gpgpu_coalesce_arch 61)" },
    { "energy.table", "none", "[choice] no sourced energy figures for 28 nm Maxwell yet (the gtx480 prices are 40 nm): energy is absent" },
    END
};

/* -------------------------------------------------------------------- v100
 * A modern sectored machine: GPGPU-Sim's SM7_QV100 (anchors-gpusim.md
 * section 4.2, the 4.x dev column; latencies from the tested config).  Peak
 * 32 x 16 B x 2 (HBM DDR) x 850 MHz = 870,400 MB/s (no paper figure; the
 * real V100 is 900 GB/s). */
static const ws_preset_val v100[] = {
    { "sm.count", "80", "[gpgpusim] QV100: 80 clusters x 1 core" },
    { "sm.threads", "2048", "[gpgpusim] QV100: -gpgpu_shader_core_pipeline 2048:32" },
    { "sm.regs", "65536", "[gpgpusim] QV100: -gpgpu_shader_registers 65536" },
    { "sm.ctas", "32", "[gpgpusim] QV100: -gpgpu_shader_cta 32" },
    { "sm.shared", "96K", "[gpgpusim] QV100: -gpgpu_shmem_size 98304" },
    { "sm.schedulers", "4", "[gpgpusim] QV100: -gpgpu_num_sched_per_core 4" },
    { "sm.sched", "gto", "[choice] GPGPU-Sim master's QV100 (the 4.x dev config uses lrr)" },
    { "sm.sp", "4", "[gpgpusim] QV100: -gpgpu_num_sp_units 4" },
    { "sm.sfu", "4", "[gpgpusim] QV100: -gpgpu_num_sfu_units 4" },
    { "sm.dp", "4", "[gpgpusim] QV100: -gpgpu_num_dp_units 4" },
    { "sm.ldst", "4", "[gpgpusim] QV100: -mem_unit_ports 4" },
    { "clock.core", "1132", "[gpgpusim] QV100: -gpgpu_clock_domains 1132:1132:1132:850" },
    { "clock.icnt", "1132", "[gpgpusim] QV100: -gpgpu_clock_domains" },
    { "clock.l2", "1132", "[gpgpusim] QV100: -gpgpu_clock_domains" },
    { "clock.dram", "850", "[gpgpusim] QV100: -gpgpu_clock_domains (HBM at 850 MHz)" },
    { "ii.int.add", "2", "[gpgpusim] QV100: -ptx_opcode_initiation_int 2,2,2,2,8" },
    { "ii.int.max", "2", "[gpgpusim] QV100: -ptx_opcode_initiation_int" },
    { "ii.int.mul", "2", "[gpgpusim] QV100: -ptx_opcode_initiation_int" },
    { "ii.int.mad", "2", "[gpgpusim] QV100: -ptx_opcode_initiation_int" },
    { "ii.fp.add", "2", "[gpgpusim] QV100: -ptx_opcode_initiation_fp 2,2,2,2,4" },
    { "ii.fp.max", "2", "[gpgpusim] QV100: -ptx_opcode_initiation_fp" },
    { "ii.fp.mul", "2", "[gpgpusim] QV100: -ptx_opcode_initiation_fp" },
    { "ii.fp.mad", "2", "[gpgpusim] QV100: -ptx_opcode_initiation_fp" },
    { "ii.dp.add", "4", "[gpgpusim] QV100: -ptx_opcode_initiation_dp 4,4,4,4,130" },
    { "ii.dp.max", "4", "[gpgpusim] QV100: -ptx_opcode_initiation_dp" },
    { "ii.dp.mul", "4", "[gpgpusim] QV100: -ptx_opcode_initiation_dp" },
    { "ii.dp.mad", "4", "[gpgpusim] QV100: -ptx_opcode_initiation_dp" },
    { "lat.sfu", "100", "[gpgpusim] QV100: -ptx_opcode_latency_sfu 100" },
    { "ii.sfu", "8", "[gpgpusim] QV100: -ptx_opcode_initiation_sfu 8" },
    { "smem.latency", "20", "[gpgpusim] QV100 (4.x dev): shared memory latency 20" },
    { "cmem.size", "64K", "[gpgpusim] QV100: -gpgpu_const_cache:l1 N:128:64:8" },
    { "cmem.ways", "8", "[gpgpusim] QV100: -gpgpu_const_cache:l1 N:128:64:8" },
    { "l1d.size", "32K", "[gpgpusim] QV100 (4.x dev): -gpgpu_cache:dl1 S:4:128:64 (32 KB, up to 128 KB unified)" },
    { "l1d.ways", "64", "[gpgpusim] QV100 (4.x dev): S:4:128:64 (4 sets)" },
    { "l1d.sector", "32", "[gpgpusim] QV100: sectored L1 (type S)" },
    { "l1d.write", "wt", "[gpgpusim] QV100 (4.x dev): ...,L:T: (write-through)" },
    { "l1d.write_alloc", "validate", "[gpgpusim] QV100 (4.x dev): ...:L: (lazy fetch on read)" },
    { "l1d.hash", "linear", "[gpgpusim] QV100 (4.x dev): ...:L (linear)" },
    { "l1d.latency", "20", "[gpgpusim] QV100 (4.x dev): L1 latency 20" },
    { "l1d.mshr", "512", "[gpgpusim] QV100 (4.x dev): A:512:8" },
    { "l1i.size", "128K", "[gpgpusim] QV100: -gpgpu_cache:il1 N:64:128:16 (128 KB)" },
    { "l1i.ways", "16", "[gpgpusim] QV100: -gpgpu_cache:il1 N:64:128:16" },
    { "l1i.mshr_merge", "48", "[gpgpusim] QV100: -gpgpu_cache:il1 ...,S:2:48" },
    { "l1d.invalidate", "idle", "[gpgpusim] QV100: -gpgpu_flush_l1_cache 1" },
    { "l1d.mshr_merge", "8", "[gpgpusim] QV100 (4.x dev): A:512:8" },
    { "l1d.missq", "16", "[gpgpusim] QV100 (4.x dev): ...,16:0,32" },
    { "mem.channels", "32", "[gpgpusim] QV100: -gpgpu_n_mem 32" },
    { "mem.subparts", "2", "[gpgpusim] QV100: 2 sub-partitions per channel (64 L2 slices)" },
    { "l2.size", "96K", "[gpgpusim] QV100: -gpgpu_cache:dl2 S:32:128:24 (96 KB per slice, 6 MB total)" },
    { "l2.ways", "24", "[gpgpusim] QV100: S:32:128:24 (32 sets)" },
    { "l2.hash", "xor", "[choice] QV100 uses the IPOLY hash (not modelled): xor" },
    { "l2.mshr", "192", "[gpgpusim] QV100: A:192:4" },
    { "l2.mshr_merge", "4", "[gpgpusim] QV100: A:192:4" },
    { "l2.missq", "32", "[gpgpusim] QV100: ...,32:0,32" },
    { "l2.rop_latency", "160", "[gpgpusim] QV100 (4.x dev): ROP latency 160" },
    { "dram.bus_bytes", "16", "[gpgpusim] QV100: -gpgpu_dram_buswidth 16, 1 chip per channel" },
    { "dram.burst", "2", "[gpgpusim] QV100: -gpgpu_dram_burst_length 2" },
    { "dram.data_rate", "2", "[gpgpusim] QV100: -dram_data_command_freq_ratio 2 (HBM is DDR)" },
    { "dram.return_queue", "192", "[gpgpusim] QV100: -gpgpu_dram_return_queue_size 192" },
    { "dram.tCCD", "1", "[gpgpusim] QV100 HBM at 850 MHz: CCD=1" },
    { "dram.tRRD", "3", "[gpgpusim] QV100: RRD=3" },
    { "dram.tRCD", "12", "[gpgpusim] QV100: RCD=12" },
    { "dram.tRAS", "28", "[gpgpusim] QV100: RAS=28" },
    { "dram.tRP", "12", "[gpgpusim] QV100: RP=12" },
    { "dram.tRC", "40", "[gpgpusim] QV100: RC=40" },
    { "dram.tCL", "12", "[gpgpusim] QV100: CL=12" },
    { "dram.tWL", "2", "[gpgpusim] QV100: WL=2" },
    { "dram.tCDLR", "3", "[gpgpusim] QV100: CDLR=3" },
    { "dram.tWR", "10", "[gpgpusim] QV100: WR=10" },
    { "dram.tCCDL", "2", "[gpgpusim] QV100: CCDL=2" },
    { "dram.tRTPL", "3", "[gpgpusim] QV100: RTPL=3" },
    { "dram.map", "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS",
      "[gpgpusim] QV100: -gpgpu_mem_addr_mapping" },
    { "icnt.in_buffer", "512", "[gpgpusim] QV100 local crossbar: in buffer 512" },
    { "icnt.out_buffer", "512", "[gpgpusim] QV100 local crossbar: out buffer 512" },
    { "coalesce.arch", "sector", "[gpgpusim] QV100: -gpgpu_coalesce_arch 60 (32 B sectors)" },
    { "energy.table", "none", "[choice] no sourced energy figures for 12 nm Volta with HBM2 yet: energy is absent" },
    END
};

const ws_preset ws_opts_presets[] = {
    { "gtx480",
      "GPGPU-Sim's GTX480 (Fermi): 15 SMs, 48 warps, 2 GTO schedulers, 16 KB L1D, 768 KB L2 in 12 slices, "
      "6 GDDR5 channels, 177.4 GB/s",
      "GPGPU-Sim configs/tested-cfgs/SM2_GTX480 (the option table's defaults); baseline of Guo et al., "
      "\"Accelerating BFS via Data Structure-Aware Prefetching on GPU\" (DSAP, IEEE Access 2018) and Park "
      "et al., \"Memory Fast-Forward\" (MFF); 177.4 GB/s as MFF states",
      NULL, gtx480 },
    { "gtx480-l1-48k",
      "gtx480 with the 48 KB 6-way L1D and 16 KB shared memory (the DSAP paper's baseline)",
      "GPGPU-Sim's alternative Fermi L1 line (cudaFuncCachePreferL1); DSAP Table 1",
      "gtx480", gtx480_l1_48k },
    { "g80-mtp",
      "the many-thread-aware prefetching paper's 8800GT-like machine: 14 cores, 8-wide SIMD, no data caches, "
      "8 DRAM channels at 57.6 GB/s, 20-cycle interconnect",
      "Lee et al., \"Many-Thread Aware Prefetching Mechanisms for GPGPU Applications\" (MTP, MICRO-43, "
      "2010) Table II; compute capability 1.1 limits; choices marked in each value",
      NULL, g80_mtp },
    { "fermi-thesis",
      "the thesis machine: 16 SMs at 1.2 GHz, 48 KB 6-way L1D, 768 KB L2 in 6 tiles, GDDR5 at 100.8 GB/s",
      "Lakshminarayana, PhD thesis, Georgia Tech, 2014, Tables 3 and 8 (MacSim); 8 DRAM channels folded "
      "into the 6 L2 tiles' channels",
      NULL, fermi_thesis },
    { "gtx980",
      "the IRU paper's GTX 980 (Maxwell): 16 SMs, 64 warps, 32 KB sectored L1D, 2 MB L2, 4 GDDR5 channels "
      "at 224 GB/s",
      "Segura et al., \"Irregular Accesses Reorder Unit: Improving GPGPU Memory Coalescing for Graph-Based "
      "Workloads\" (IRU) Table 2; GTX 980 hardware facts; DRAM timing rescaled from gtx480",
      NULL, gtx980 },
    { "v100",
      "a modern sectored machine, GPGPU-Sim's QV100: 80 SMs, 4 schedulers, 32 KB sectored L1D, 6 MB L2 in "
      "64 slices, HBM at 870 GB/s",
      "GPGPU-Sim configs/tested-cfgs/SM7_QV100",
      NULL, v100 },
};

const size_t ws_opts_presets_len = WS_ARRAY_LEN(ws_opts_presets);
