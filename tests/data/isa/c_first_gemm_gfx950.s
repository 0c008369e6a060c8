	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.amdhsa_code_object_version 6
	.text
	.protected	c_first_bf16_m64n256k64 ; -- Begin function c_first_bf16_m64n256k64
	.globl	c_first_bf16_m64n256k64
	.p2align	8
	.type	c_first_bf16_m64n256k64,@function
c_first_bf16_m64n256k64:                ; @c_first_bf16_m64n256k64
; %bb.0:
	s_load_dwordx2 s[16:17], s[0:1], 0x1c
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	s_load_dwordx2 s[8:9], s[0:1], 0x10
	v_lshlrev_b32_e32 v1, 4, v0
	v_or_b32_e32 v4, 0x1000, v1
	s_waitcnt lgkmcnt(0)
	s_lshl_b32 s18, s17, 1
	s_mul_hi_i32 s1, s2, s18
	s_mul_i32 s0, s2, s18
	s_lshl_b64 s[0:1], s[0:1], 6
	s_add_u32 s12, s6, s0
	s_addc_u32 s0, s7, s1
	v_and_b32_e32 v2, 0x70, v1
	v_lshrrev_b32_e32 v3, 3, v0
	v_lshrrev_b32_e32 v4, 7, v4
	s_and_b32 s13, s0, 0xffff
	v_mad_u64_u32 v[66:67], s[0:1], s18, v3, v[2:3]
	v_mad_u64_u32 v[68:69], s[0:1], s18, v4, v[2:3]
	s_ashr_i32 s0, s17, 31
	s_lshr_b32 s1, s0, 27
	s_add_i32 s1, s17, s1
	s_ashr_i32 s1, s1, 5
	s_lshl_b32 s6, s3, 4
	v_lshrrev_b32_e32 v5, 4, v0
	v_and_or_b32 v5, v5, 12, s6
	s_lshl_b32 s6, s1, 10
	v_mul_lo_u32 v5, s6, v5
	v_and_b32_e32 v6, 0x3f0, v1
	v_add_u32_e32 v7, s6, v5
	v_or_b32_e32 v70, v7, v6
	v_lshl_add_u32 v7, s1, 11, v5
	s_mulk_i32 s1, 0xc00
	s_mov_b32 s15, 0x20000
	s_brev_b32 s14, -2
	v_or_b32_e32 v69, v5, v6
	v_add_u32_e32 v5, s1, v5
	s_and_b32 s9, s9, 0xffff
	s_mov_b32 s10, s14
	s_mov_b32 s11, s15
	v_or_b32_e32 v67, v7, v6
	v_or_b32_e32 v71, v5, v6
	buffer_load_dwordx4 v[10:13], v66, s[12:15], 0 offen
	buffer_load_dwordx4 v[14:17], v68, s[12:15], 0 offen
	buffer_load_dwordx4 v[148:151], v69, s[8:11], 0 offen
	buffer_load_dwordx4 v[140:143], v69, s[8:11], 0 offen offset:1024
	buffer_load_dwordx4 v[152:155], v70, s[8:11], 0 offen
	buffer_load_dwordx4 v[136:139], v70, s[8:11], 0 offen offset:1024
	buffer_load_dwordx4 v[156:159], v67, s[8:11], 0 offen
	buffer_load_dwordx4 v[132:135], v67, s[8:11], 0 offen offset:1024
	buffer_load_dwordx4 v[160:163], v71, s[8:11], 0 offen
	buffer_load_dwordx4 v[144:147], v71, s[8:11], 0 offen offset:1024
	v_xor_b32_e32 v3, v3, v0
	s_lshr_b32 s0, s0, 26
	s_movk_i32 s7, 0x70
	s_movk_i32 s10, 0x1f80
	v_mov_b32_e32 v5, 0x1000
	v_and_b32_e32 v6, 48, v0
	v_lshlrev_b32_e32 v7, 7, v0
	v_and_b32_e32 v8, 0xf80, v1
	v_lshlrev_b32_e32 v3, 4, v3
	s_add_i32 s0, s17, s0
	v_bitop3_b32 v5, v1, s10, v5 bitop3:0xc8
	v_and_b32_e32 v1, 0x780, v7
	v_bitop3_b32 v7, v0, v2, 48 bitop3:0x6c
	v_bitop3_b32 v2, v6, v2, 64 bitop3:0x36
	v_and_or_b32 v72, v3, s7, v8
	v_xor_b32_e32 v3, v4, v0
	s_ashr_i32 s0, s0, 6
	v_or_b32_e32 v130, v1, v7
	v_or_b32_e32 v1, v1, v2
	v_lshlrev_b32_e32 v2, 4, v3
	s_add_i32 s0, s0, -1
	s_mov_b32 s6, 1
	s_mov_b32 s1, 0
	v_and_or_b32 v73, v2, s7, v5
	s_cmpk_lt_i32 s17, 0xc0
	v_or_b32_e32 v77, 0x400, v69
	v_add_u32_e32 v74, 0x400, v70
	v_or_b32_e32 v75, 0x400, v67
	v_add_u32_e32 v76, 0x400, v71
	s_waitcnt vmcnt(9)
	ds_write_b128 v72, v[10:13]
	s_waitcnt vmcnt(8)
	ds_write_b128 v73, v[14:17]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB0_5
; %bb.1:
	s_lshr_b32 s6, s0, 31
	s_add_i32 s6, s0, s6
	s_ashr_i32 s6, s6, 1
	s_max_i32 s6, s6, 1
	s_lshl_b32 s6, s6, 1
	s_movk_i32 s7, 0x80
	s_movk_i32 s17, 0x800
	v_mov_b32_e32 v62, 0
	v_mov_b32_e32 v63, 0
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v65, 0
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v35, 0
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v37, 0
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v27, 0
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v29, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v25, 0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v31, 0
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v33, 0
	v_mov_b32_e32 v38, 0
	v_mov_b32_e32 v39, 0
	v_mov_b32_e32 v40, 0
	v_mov_b32_e32 v41, 0
	v_mov_b32_e32 v42, 0
	v_mov_b32_e32 v43, 0
	v_mov_b32_e32 v44, 0
	v_mov_b32_e32 v45, 0
	v_mov_b32_e32 v46, 0
	v_mov_b32_e32 v47, 0
	v_mov_b32_e32 v48, 0
	v_mov_b32_e32 v49, 0
	v_mov_b32_e32 v50, 0
	v_mov_b32_e32 v51, 0
	v_mov_b32_e32 v52, 0
	v_mov_b32_e32 v53, 0
	v_mov_b32_e32 v54, 0
	v_mov_b32_e32 v55, 0
	v_mov_b32_e32 v56, 0
	v_mov_b32_e32 v57, 0
	v_mov_b32_e32 v58, 0
	v_mov_b32_e32 v59, 0
	v_mov_b32_e32 v60, 0
	v_mov_b32_e32 v61, 0
	s_mov_b32 s10, s14
	s_mov_b32 s11, s15
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	ds_read_b128 v[78:81], v130
	ds_read_b128 v[82:85], v130 offset:2048
	buffer_load_dwordx4 v[94:97], v70, s[8:11], s17 offen
	buffer_load_dwordx4 v[98:101], v67, s[8:11], s17 offen
	buffer_load_dwordx4 v[102:105], v71, s[8:11], s17 offen
	buffer_load_dwordx4 v[106:109], v77, s[8:11], s17 offen
	buffer_load_dwordx4 v[110:113], v74, s[8:11], s17 offen
	buffer_load_dwordx4 v[114:117], v75, s[8:11], s17 offen
	buffer_load_dwordx4 v[118:121], v76, s[8:11], s17 offen
	s_waitcnt vmcnt(7) lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[58:61], v[78:81], v[148:151], v[58:61]
	s_add_i32 s18, s7, 0x80
	s_add_i32 s19, s17, 0x800
	s_add_i32 s1, s1, 2
	s_waitcnt vmcnt(12)
	v_mfma_f32_16x16x32_bf16 v[54:57], v[78:81], v[152:155], v[54:57]
	s_waitcnt vmcnt(10)
	v_mfma_f32_16x16x32_bf16 v[50:53], v[78:81], v[156:159], v[50:53]
	s_waitcnt vmcnt(8)
	v_mfma_f32_16x16x32_bf16 v[46:49], v[78:81], v[160:163], v[46:49]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[42:45], v[82:85], v[148:151], v[42:45]
	v_mfma_f32_16x16x32_bf16 v[38:41], v[82:85], v[152:155], v[38:41]
	v_mfma_f32_16x16x32_bf16 v[30:33], v[82:85], v[156:159], v[30:33]
	v_mfma_f32_16x16x32_bf16 v[22:25], v[82:85], v[160:163], v[22:25]
	ds_read_b128 v[78:81], v130 offset:4096
	ds_read_b128 v[82:85], v130 offset:6144
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[6:9], v[78:81], v[148:151], v[6:9]
	v_mfma_f32_16x16x32_bf16 v[2:5], v[78:81], v[152:155], v[2:5]
	v_mfma_f32_16x16x32_bf16 v[10:13], v[78:81], v[156:159], v[10:13]
	v_mfma_f32_16x16x32_bf16 v[14:17], v[78:81], v[160:163], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[18:21], v[82:85], v[148:151], v[18:21]
	v_mfma_f32_16x16x32_bf16 v[26:29], v[82:85], v[152:155], v[26:29]
	v_mfma_f32_16x16x32_bf16 v[34:37], v[82:85], v[156:159], v[34:37]
	v_mfma_f32_16x16x32_bf16 v[62:65], v[82:85], v[160:163], v[62:65]
	ds_read_b128 v[78:81], v1
	ds_read_b128 v[82:85], v1 offset:2048
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[58:61], v[78:81], v[140:143], v[58:61]
	v_mfma_f32_16x16x32_bf16 v[54:57], v[78:81], v[136:139], v[54:57]
	v_mfma_f32_16x16x32_bf16 v[50:53], v[78:81], v[132:135], v[50:53]
	s_waitcnt vmcnt(7)
	v_mfma_f32_16x16x32_bf16 v[46:49], v[78:81], v[144:147], v[46:49]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[42:45], v[82:85], v[140:143], v[42:45]
	v_mfma_f32_16x16x32_bf16 v[38:41], v[82:85], v[136:139], v[38:41]
	v_mfma_f32_16x16x32_bf16 v[30:33], v[82:85], v[132:135], v[30:33]
	v_mfma_f32_16x16x32_bf16 v[22:25], v[82:85], v[144:147], v[22:25]
	ds_read_b128 v[78:81], v1 offset:4096
	ds_read_b128 v[82:85], v1 offset:6144
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[6:9], v[78:81], v[140:143], v[6:9]
	v_mfma_f32_16x16x32_bf16 v[2:5], v[78:81], v[136:139], v[2:5]
	v_mfma_f32_16x16x32_bf16 v[10:13], v[78:81], v[132:135], v[10:13]
	v_mfma_f32_16x16x32_bf16 v[14:17], v[78:81], v[144:147], v[14:17]
	buffer_load_dwordx4 v[78:81], v66, s[12:15], s7 offen
	buffer_load_dwordx4 v[86:89], v68, s[12:15], s7 offen
	buffer_load_dwordx4 v[90:93], v69, s[8:11], s17 offen
	s_waitcnt vmcnt(2)
	ds_write_b128 v72, v[78:81] offset:8192
	s_waitcnt vmcnt(1)
	ds_write_b128 v73, v[86:89] offset:8192
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x32_bf16 v[18:21], v[82:85], v[140:143], v[18:21]
	s_addk_i32 s7, 0x100
	s_addk_i32 s17, 0x1000
	s_cmp_eq_u32 s6, s1
	v_mfma_f32_16x16x32_bf16 v[26:29], v[82:85], v[136:139], v[26:29]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[34:37], v[82:85], v[132:135], v[34:37]
	s_barrier
	buffer_load_dwordx4 v[152:155], v70, s[8:11], s19 offen
	buffer_load_dwordx4 v[156:159], v67, s[8:11], s19 offen
	buffer_load_dwordx4 v[160:163], v71, s[8:11], s19 offen
	v_mfma_f32_16x16x32_bf16 v[62:65], v[82:85], v[144:147], v[62:65]
	ds_read_b128 v[78:81], v130 offset:8192
	ds_read_b128 v[82:85], v130 offset:10240
	buffer_load_dwordx4 v[140:143], v77, s[8:11], s19 offen
	buffer_load_dwordx4 v[136:139], v74, s[8:11], s19 offen
	buffer_load_dwordx4 v[132:135], v75, s[8:11], s19 offen
	buffer_load_dwordx4 v[144:147], v76, s[8:11], s19 offen
	s_waitcnt vmcnt(7) lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[58:61], v[78:81], v[90:93], v[58:61]
	v_mfma_f32_16x16x32_bf16 v[54:57], v[78:81], v[94:97], v[54:57]
	v_mfma_f32_16x16x32_bf16 v[50:53], v[78:81], v[98:101], v[50:53]
	v_mfma_f32_16x16x32_bf16 v[46:49], v[78:81], v[102:105], v[46:49]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[42:45], v[82:85], v[90:93], v[42:45]
	v_mfma_f32_16x16x32_bf16 v[38:41], v[82:85], v[94:97], v[38:41]
	v_mfma_f32_16x16x32_bf16 v[30:33], v[82:85], v[98:101], v[30:33]
	v_mfma_f32_16x16x32_bf16 v[22:25], v[82:85], v[102:105], v[22:25]
	ds_read_b128 v[78:81], v130 offset:12288
	ds_read_b128 v[82:85], v130 offset:14336
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[6:9], v[78:81], v[90:93], v[6:9]
	v_mfma_f32_16x16x32_bf16 v[2:5], v[78:81], v[94:97], v[2:5]
	v_mfma_f32_16x16x32_bf16 v[10:13], v[78:81], v[98:101], v[10:13]
	v_mfma_f32_16x16x32_bf16 v[14:17], v[78:81], v[102:105], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[18:21], v[82:85], v[90:93], v[18:21]
	buffer_load_dwordx4 v[86:89], v66, s[12:15], s18 offen
	buffer_load_dwordx4 v[90:93], v68, s[12:15], s18 offen
	buffer_load_dwordx4 v[148:151], v69, s[8:11], s19 offen
	v_mfma_f32_16x16x32_bf16 v[26:29], v[82:85], v[94:97], v[26:29]
	v_mfma_f32_16x16x32_bf16 v[34:37], v[82:85], v[98:101], v[34:37]
	v_mfma_f32_16x16x32_bf16 v[62:65], v[82:85], v[102:105], v[62:65]
	ds_read_b128 v[78:81], v1 offset:8192
	ds_read_b128 v[82:85], v1 offset:10240
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[58:61], v[78:81], v[106:109], v[58:61]
	v_mfma_f32_16x16x32_bf16 v[54:57], v[78:81], v[110:113], v[54:57]
	v_mfma_f32_16x16x32_bf16 v[50:53], v[78:81], v[114:117], v[50:53]
	v_mfma_f32_16x16x32_bf16 v[46:49], v[78:81], v[118:121], v[46:49]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[42:45], v[82:85], v[106:109], v[42:45]
	v_mfma_f32_16x16x32_bf16 v[38:41], v[82:85], v[110:113], v[38:41]
	v_mfma_f32_16x16x32_bf16 v[30:33], v[82:85], v[114:117], v[30:33]
	v_mfma_f32_16x16x32_bf16 v[22:25], v[82:85], v[118:121], v[22:25]
	ds_read_b128 v[78:81], v1 offset:12288
	ds_read_b128 v[82:85], v1 offset:14336
	s_waitcnt vmcnt(2)
	ds_write_b128 v72, v[86:89]
	s_waitcnt vmcnt(1)
	ds_write_b128 v73, v[90:93]
	s_waitcnt lgkmcnt(3)
	v_mfma_f32_16x16x32_bf16 v[6:9], v[78:81], v[106:109], v[6:9]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[2:5], v[78:81], v[110:113], v[2:5]
	s_barrier
	v_mfma_f32_16x16x32_bf16 v[10:13], v[78:81], v[114:117], v[10:13]
	v_mfma_f32_16x16x32_bf16 v[14:17], v[78:81], v[118:121], v[14:17]
	v_mfma_f32_16x16x32_bf16 v[18:21], v[82:85], v[106:109], v[18:21]
	v_mfma_f32_16x16x32_bf16 v[26:29], v[82:85], v[110:113], v[26:29]
	v_mfma_f32_16x16x32_bf16 v[34:37], v[82:85], v[114:117], v[34:37]
	v_mfma_f32_16x16x32_bf16 v[62:65], v[82:85], v[118:121], v[62:65]
	s_cbranch_scc0 .LBB0_2
; %bb.3:
	s_or_b32 s6, s6, 1
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccnz .LBB0_6
.LBB0_4:
                                        ; implicit-def: $vgpr66_vgpr67_vgpr68_vgpr69
                                        ; implicit-def: $vgpr70_vgpr71_vgpr72_vgpr73
                                        ; implicit-def: $vgpr74_vgpr75_vgpr76_vgpr77
                                        ; implicit-def: $vgpr78_vgpr79_vgpr80_vgpr81
                                        ; implicit-def: $vgpr82_vgpr83_vgpr84_vgpr85
                                        ; implicit-def: $vgpr86_vgpr87_vgpr88_vgpr89
                                        ; implicit-def: $vgpr90_vgpr91_vgpr92_vgpr93
                                        ; implicit-def: $vgpr98_vgpr99_vgpr100_vgpr101
                                        ; implicit-def: $vgpr94_vgpr95_vgpr96_vgpr97
                                        ; implicit-def: $vgpr102_vgpr103_vgpr104_vgpr105
                                        ; implicit-def: $vgpr106_vgpr107_vgpr108_vgpr109
                                        ; implicit-def: $vgpr110_vgpr111_vgpr112_vgpr113
                                        ; implicit-def: $vgpr114_vgpr115_vgpr116_vgpr117
                                        ; implicit-def: $vgpr118_vgpr119_vgpr120_vgpr121
                                        ; implicit-def: $vgpr122_vgpr123_vgpr124_vgpr125
                                        ; implicit-def: $vgpr126_vgpr127_vgpr128_vgpr129
	s_branch .LBB0_7
.LBB0_5:
	v_mov_b32_e32 v61, 0
	v_mov_b32_e32 v60, 0
	v_mov_b32_e32 v59, 0
	v_mov_b32_e32 v58, 0
	v_mov_b32_e32 v57, 0
	v_mov_b32_e32 v56, 0
	v_mov_b32_e32 v55, 0
	v_mov_b32_e32 v54, 0
	v_mov_b32_e32 v53, 0
	v_mov_b32_e32 v52, 0
	v_mov_b32_e32 v51, 0
	v_mov_b32_e32 v50, 0
	v_mov_b32_e32 v49, 0
	v_mov_b32_e32 v48, 0
	v_mov_b32_e32 v47, 0
	v_mov_b32_e32 v46, 0
	v_mov_b32_e32 v45, 0
	v_mov_b32_e32 v44, 0
	v_mov_b32_e32 v43, 0
	v_mov_b32_e32 v42, 0
	v_mov_b32_e32 v41, 0
	v_mov_b32_e32 v40, 0
	v_mov_b32_e32 v39, 0
	v_mov_b32_e32 v38, 0
	v_mov_b32_e32 v33, 0
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v31, 0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v25, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v29, 0
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v27, 0
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v37, 0
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v35, 0
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v65, 0
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v63, 0
	v_mov_b32_e32 v62, 0
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccz .LBB0_4
.LBB0_6:
	ds_read_b128 v[90:93], v130
	ds_read_b128 v[172:175], v130 offset:6144
	ds_read_b128 v[176:179], v1
	ds_read_b128 v[188:191], v1 offset:6144
	ds_read_b128 v[106:109], v130 offset:2048
	s_lshl_b32 s0, s6, 7
	buffer_load_dwordx4 v[180:183], v66, s[12:15], s0 offen
	buffer_load_dwordx4 v[184:187], v68, s[12:15], s0 offen
	s_lshl_b32 s0, s6, 11
	s_mov_b32 s10, s14
	s_waitcnt vmcnt(2) lgkmcnt(4)
	v_mfma_f32_16x16x32_bf16 v[78:81], v[90:93], v[148:151], v[58:61]
	s_mov_b32 s11, s15
	ds_read_b128 v[122:125], v130 offset:4096
	buffer_load_dwordx4 v[192:195], v69, s[8:11], s0 offen
	buffer_load_dwordx4 v[200:203], v67, s[8:11], s0 offen
	v_mfma_f32_16x16x32_bf16 v[82:85], v[90:93], v[152:155], v[54:57]
	buffer_load_dwordx4 v[196:199], v70, s[8:11], s0 offen
	buffer_load_dwordx4 v[204:207], v71, s[8:11], s0 offen
	buffer_load_dwordx4 v[208:211], v77, s[8:11], s0 offen
	buffer_load_dwordx4 v[212:215], v74, s[8:11], s0 offen
	buffer_load_dwordx4 v[216:219], v75, s[8:11], s0 offen
	buffer_load_dwordx4 v[220:223], v76, s[8:11], s0 offen
	v_mfma_f32_16x16x32_bf16 v[86:89], v[90:93], v[156:159], v[50:53]
	s_waitcnt vmcnt(9)
	ds_write_b128 v72, v[180:183] offset:8192
	s_waitcnt vmcnt(8)
	ds_write_b128 v73, v[184:187] offset:8192
	v_mfma_f32_16x16x32_bf16 v[90:93], v[90:93], v[160:163], v[46:49]
	s_waitcnt lgkmcnt(5)
	v_mfma_f32_16x16x32_bf16 v[78:81], v[176:179], v[140:143], v[78:81]
	v_mfma_f32_16x16x32_bf16 v[82:85], v[176:179], v[136:139], v[82:85]
	v_mfma_f32_16x16x32_bf16 v[86:89], v[176:179], v[132:135], v[86:89]
	v_mfma_f32_16x16x32_bf16 v[90:93], v[176:179], v[144:147], v[90:93]
	ds_read_b128 v[176:179], v1 offset:2048
	s_waitcnt lgkmcnt(4)
	v_mfma_f32_16x16x32_bf16 v[94:97], v[106:109], v[148:151], v[42:45]
	v_mfma_f32_16x16x32_bf16 v[98:101], v[106:109], v[152:155], v[38:41]
	v_mfma_f32_16x16x32_bf16 v[102:105], v[106:109], v[156:159], v[30:33]
	v_mfma_f32_16x16x32_bf16 v[106:109], v[106:109], v[160:163], v[22:25]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[94:97], v[176:179], v[140:143], v[94:97]
	v_mfma_f32_16x16x32_bf16 v[98:101], v[176:179], v[136:139], v[98:101]
	v_mfma_f32_16x16x32_bf16 v[102:105], v[176:179], v[132:135], v[102:105]
	v_mfma_f32_16x16x32_bf16 v[106:109], v[176:179], v[144:147], v[106:109]
	ds_read_b128 v[176:179], v1 offset:4096
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[164:167], v[172:175], v[152:155], v[26:29]
	s_barrier
	v_mfma_f32_16x16x32_bf16 v[168:171], v[172:175], v[156:159], v[34:37]
	v_mfma_f32_16x16x32_bf16 v[66:69], v[188:191], v[136:139], v[164:167]
	v_mfma_f32_16x16x32_bf16 v[164:167], v[188:191], v[132:135], v[168:171]
	s_nop 5
	ds_read_b128 v[168:171], v130 offset:8192
	s_waitcnt vmcnt(7) lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[70:73], v[168:171], v[192:195], v[78:81]
	s_waitcnt vmcnt(5)
	v_mfma_f32_16x16x32_bf16 v[78:81], v[168:171], v[196:199], v[82:85]
	v_mfma_f32_16x16x32_bf16 v[82:85], v[168:171], v[200:203], v[86:89]
	s_waitcnt vmcnt(4)
	v_mfma_f32_16x16x32_bf16 v[86:89], v[168:171], v[204:207], v[90:93]
	ds_read_b128 v[168:171], v130 offset:10240
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[90:93], v[168:171], v[192:195], v[94:97]
	v_mfma_f32_16x16x32_bf16 v[94:97], v[168:171], v[196:199], v[98:101]
	v_mfma_f32_16x16x32_bf16 v[98:101], v[168:171], v[200:203], v[102:105]
	s_nop 2
	ds_read_b128 v[102:105], v130 offset:12288
	v_mfma_f32_16x16x32_bf16 v[110:113], v[122:125], v[148:151], v[6:9]
	v_mfma_f32_16x16x32_bf16 v[114:117], v[122:125], v[152:155], v[2:5]
	v_mfma_f32_16x16x32_bf16 v[118:121], v[122:125], v[156:159], v[10:13]
	v_mfma_f32_16x16x32_bf16 v[122:125], v[122:125], v[160:163], v[14:17]
	v_mfma_f32_16x16x32_bf16 v[126:129], v[172:175], v[148:151], v[18:21]
	v_mfma_f32_16x16x32_bf16 v[172:175], v[172:175], v[160:163], v[62:65]
	v_mfma_f32_16x16x32_bf16 v[110:113], v[176:179], v[140:143], v[110:113]
	v_mfma_f32_16x16x32_bf16 v[114:117], v[176:179], v[136:139], v[114:117]
	v_mfma_f32_16x16x32_bf16 v[118:121], v[176:179], v[132:135], v[118:121]
	v_mfma_f32_16x16x32_bf16 v[122:125], v[176:179], v[144:147], v[122:125]
	v_mfma_f32_16x16x32_bf16 v[74:77], v[188:191], v[144:147], v[172:175]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[172:175], v[102:105], v[192:195], v[110:113]
	v_mfma_f32_16x16x32_bf16 v[176:179], v[102:105], v[196:199], v[114:117]
	v_mfma_f32_16x16x32_bf16 v[180:183], v[102:105], v[200:203], v[118:121]
	v_mfma_f32_16x16x32_bf16 v[184:187], v[102:105], v[204:207], v[122:125]
	ds_read_b128 v[102:105], v130 offset:14336
	v_mfma_f32_16x16x32_bf16 v[126:129], v[188:191], v[140:143], v[126:129]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[188:191], v[102:105], v[192:195], v[126:129]
	v_mfma_f32_16x16x32_bf16 v[192:195], v[102:105], v[204:207], v[74:77]
	s_nop 2
	ds_read_b128 v[74:77], v1 offset:8192
	s_waitcnt vmcnt(3) lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[126:129], v[74:77], v[208:211], v[70:73]
	s_nop 2
	ds_read_b128 v[70:73], v1 offset:10240
	v_mfma_f32_16x16x32_bf16 v[168:171], v[168:171], v[204:207], v[106:109]
	v_mfma_f32_16x16x32_bf16 v[66:69], v[102:105], v[196:199], v[66:69]
	v_mfma_f32_16x16x32_bf16 v[164:167], v[102:105], v[200:203], v[164:167]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[110:113], v[70:73], v[208:211], v[90:93]
	s_waitcnt vmcnt(2)
	v_mfma_f32_16x16x32_bf16 v[106:109], v[70:73], v[212:215], v[94:97]
	s_waitcnt vmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[102:105], v[70:73], v[216:219], v[98:101]
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[94:97], v[70:73], v[220:223], v[168:171]
	ds_read_b128 v[70:73], v1 offset:12288
	s_nop 1
	ds_read_b128 v[168:171], v1 offset:14336
	v_mfma_f32_16x16x32_bf16 v[122:125], v[74:77], v[212:215], v[78:81]
	v_mfma_f32_16x16x32_bf16 v[118:121], v[74:77], v[216:219], v[82:85]
	v_mfma_f32_16x16x32_bf16 v[114:117], v[74:77], v[220:223], v[86:89]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[98:101], v[70:73], v[208:211], v[172:175]
	v_mfma_f32_16x16x32_bf16 v[90:93], v[70:73], v[212:215], v[176:179]
	v_mfma_f32_16x16x32_bf16 v[86:89], v[70:73], v[216:219], v[180:183]
	v_mfma_f32_16x16x32_bf16 v[82:85], v[70:73], v[220:223], v[184:187]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[78:81], v[168:171], v[208:211], v[188:191]
	v_mfma_f32_16x16x32_bf16 v[74:77], v[168:171], v[212:215], v[66:69]
	v_mfma_f32_16x16x32_bf16 v[70:73], v[168:171], v[216:219], v[164:167]
	v_mfma_f32_16x16x32_bf16 v[66:69], v[168:171], v[220:223], v[192:195]
	s_cbranch_execnz .LBB0_8
.LBB0_7:
	s_nop 6
	ds_read_b128 v[66:69], v130
	ds_read_b128 v[70:73], v130 offset:2048
	s_waitcnt vmcnt(0) lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[58:61], v[66:69], v[148:151], v[58:61]
	v_mfma_f32_16x16x32_bf16 v[54:57], v[66:69], v[152:155], v[54:57]
	v_mfma_f32_16x16x32_bf16 v[50:53], v[66:69], v[156:159], v[50:53]
	v_mfma_f32_16x16x32_bf16 v[46:49], v[66:69], v[160:163], v[46:49]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[42:45], v[70:73], v[148:151], v[42:45]
	v_mfma_f32_16x16x32_bf16 v[38:41], v[70:73], v[152:155], v[38:41]
	v_mfma_f32_16x16x32_bf16 v[30:33], v[70:73], v[156:159], v[30:33]
	v_mfma_f32_16x16x32_bf16 v[22:25], v[70:73], v[160:163], v[22:25]
	ds_read_b128 v[66:69], v130 offset:4096
	ds_read_b128 v[70:73], v130 offset:6144
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[6:9], v[66:69], v[148:151], v[6:9]
	v_mfma_f32_16x16x32_bf16 v[2:5], v[66:69], v[152:155], v[2:5]
	v_mfma_f32_16x16x32_bf16 v[10:13], v[66:69], v[156:159], v[10:13]
	v_mfma_f32_16x16x32_bf16 v[14:17], v[66:69], v[160:163], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[18:21], v[70:73], v[148:151], v[18:21]
	v_mfma_f32_16x16x32_bf16 v[26:29], v[70:73], v[152:155], v[26:29]
	v_mfma_f32_16x16x32_bf16 v[34:37], v[70:73], v[156:159], v[34:37]
	v_mfma_f32_16x16x32_bf16 v[62:65], v[70:73], v[160:163], v[62:65]
	ds_read_b128 v[66:69], v1
	ds_read_b128 v[70:73], v1 offset:2048
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[102:105], v[70:73], v[132:135], v[30:33]
	v_mfma_f32_16x16x32_bf16 v[94:97], v[70:73], v[144:147], v[22:25]
	s_nop 2
	ds_read_b128 v[22:25], v1 offset:4096
	ds_read_b128 v[30:33], v1 offset:6144
	v_mfma_f32_16x16x32_bf16 v[126:129], v[66:69], v[140:143], v[58:61]
	v_mfma_f32_16x16x32_bf16 v[122:125], v[66:69], v[136:139], v[54:57]
	v_mfma_f32_16x16x32_bf16 v[118:121], v[66:69], v[132:135], v[50:53]
	v_mfma_f32_16x16x32_bf16 v[114:117], v[66:69], v[144:147], v[46:49]
	v_mfma_f32_16x16x32_bf16 v[110:113], v[70:73], v[140:143], v[42:45]
	v_mfma_f32_16x16x32_bf16 v[106:109], v[70:73], v[136:139], v[38:41]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x32_bf16 v[98:101], v[22:25], v[140:143], v[6:9]
	v_mfma_f32_16x16x32_bf16 v[90:93], v[22:25], v[136:139], v[2:5]
	v_mfma_f32_16x16x32_bf16 v[86:89], v[22:25], v[132:135], v[10:13]
	v_mfma_f32_16x16x32_bf16 v[82:85], v[22:25], v[144:147], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x32_bf16 v[78:81], v[30:33], v[140:143], v[18:21]
	v_mfma_f32_16x16x32_bf16 v[74:77], v[30:33], v[136:139], v[26:29]
	v_mfma_f32_16x16x32_bf16 v[70:73], v[30:33], v[132:135], v[34:37]
	v_mfma_f32_16x16x32_bf16 v[66:69], v[30:33], v[144:147], v[62:65]
.LBB0_8:
	v_lshrrev_b32_e32 v1, 2, v0
	v_and_b32_e32 v1, 12, v1
	v_lshl_or_b32 v1, s2, 6, v1
	s_lshl_b32 s0, s3, 8
	v_and_b32_e32 v2, 0xc0, v0
	v_and_b32_e32 v0, 15, v0
	v_or3_b32 v0, s0, v2, v0
	v_mul_lo_u32 v3, v1, s16
	s_and_b32 s5, s5, 0xffff
	s_mov_b32 s7, 0x20000
	s_brev_b32 s6, -2
	v_lshrrev_b32_e32 v4, 16, v126
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 1, v1
	v_mul_lo_u32 v5, v5, s16
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 2, v1
	v_mul_lo_u32 v6, v6, s16
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 3, v1
	v_mul_lo_u32 v7, v7, s16
	v_add_lshl_u32 v8, v0, v7, 1
	buffer_store_short v4, v8, s[4:7], 0 offen
	v_or_b32_e32 v8, 16, v0
	v_lshrrev_b32_e32 v4, 16, v122
	v_add_lshl_u32 v9, v8, v3, 1
	buffer_store_short v4, v9, s[4:7], 0 offen
	v_add_lshl_u32 v9, v8, v5, 1
	buffer_store_short v4, v9, s[4:7], 0 offen
	v_add_lshl_u32 v9, v8, v6, 1
	buffer_store_short v4, v9, s[4:7], 0 offen
	v_add_lshl_u32 v9, v8, v7, 1
	buffer_store_short v4, v9, s[4:7], 0 offen
	v_or_b32_e32 v9, 32, v0
	v_lshrrev_b32_e32 v4, 16, v118
	v_add_lshl_u32 v10, v9, v3, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v9, v5, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v9, v6, 1
	v_or_b32_e32 v2, 48, v0
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v9, v7, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v114
	v_add_lshl_u32 v3, v2, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 16, v1
	v_mul_lo_u32 v3, v3, s16
	v_lshrrev_b32_e32 v4, 16, v110
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 17, v1
	v_mul_lo_u32 v5, v5, s16
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 18, v1
	v_mul_lo_u32 v6, v6, s16
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 19, v1
	v_mul_lo_u32 v7, v7, s16
	v_add_lshl_u32 v10, v0, v7, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v106
	v_add_lshl_u32 v10, v8, v3, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v8, v5, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v8, v6, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v8, v7, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v102
	v_add_lshl_u32 v10, v9, v3, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v9, v5, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v9, v6, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v9, v7, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v94
	v_add_lshl_u32 v3, v2, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 32, v1
	v_mul_lo_u32 v3, v3, s16
	v_lshrrev_b32_e32 v4, 16, v98
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 33, v1
	v_mul_lo_u32 v5, v5, s16
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 34, v1
	v_mul_lo_u32 v6, v6, s16
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 35, v1
	v_mul_lo_u32 v7, v7, s16
	v_add_lshl_u32 v10, v0, v7, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v90
	v_add_lshl_u32 v10, v8, v3, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v8, v5, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v8, v6, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v8, v7, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v86
	v_add_lshl_u32 v10, v9, v3, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v9, v5, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v9, v6, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_add_lshl_u32 v10, v9, v7, 1
	buffer_store_short v4, v10, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v82
	v_add_lshl_u32 v3, v2, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 48, v1
	v_mul_lo_u32 v3, v3, s16
	v_lshrrev_b32_e32 v4, 16, v78
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 49, v1
	v_mul_lo_u32 v5, v5, s16
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 50, v1
	v_or_b32_e32 v1, 51, v1
	v_mul_lo_u32 v6, v6, s16
	v_mul_lo_u32 v1, v1, s16
	v_add_lshl_u32 v7, v0, v6, 1
	v_add_lshl_u32 v0, v0, v1, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	buffer_store_short v4, v0, s[4:7], 0 offen
	v_lshrrev_b32_e32 v0, 16, v74
	v_add_lshl_u32 v4, v8, v3, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v8, v5, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v8, v6, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v8, v1, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_lshrrev_b32_e32 v0, 16, v70
	v_add_lshl_u32 v4, v9, v3, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v9, v5, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v9, v6, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v9, v1, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_lshrrev_b32_e32 v0, 16, v66
	v_add_lshl_u32 v3, v2, v3, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v5, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v6, 1
	v_add_lshl_u32 v1, v2, v1, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	buffer_store_short v0, v1, s[4:7], 0 offen
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel c_first_bf16_m64n256k64
		.amdhsa_group_segment_fixed_size 16384
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 36
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 224
		.amdhsa_next_free_sgpr 20
		.amdhsa_accum_offset 224
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	c_first_bf16_m64n256k64, .Lfunc_end0-c_first_bf16_m64n256k64
                                        ; -- End function
	.set c_first_bf16_m64n256k64.num_vgpr, 224
	.set c_first_bf16_m64n256k64.num_agpr, 0
	.set c_first_bf16_m64n256k64.numbered_sgpr, 20
	.set c_first_bf16_m64n256k64.num_named_barrier, 0
	.set c_first_bf16_m64n256k64.private_seg_size, 0
	.set c_first_bf16_m64n256k64.uses_vcc, 1
	.set c_first_bf16_m64n256k64.uses_flat_scratch, 0
	.set c_first_bf16_m64n256k64.has_dyn_sized_stack, 0
	.set c_first_bf16_m64n256k64.has_recursion, 0
	.set c_first_bf16_m64n256k64.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 4632
; TotalNumSgprs: 26
; NumVgprs: 224
; NumAgprs: 0
; TotalNumVgprs: 224
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 16384 bytes/workgroup (compile time only)
; SGPRBlocks: 3
; VGPRBlocks: 27
; NumSGPRsForWavesPerEU: 26
; NumVGPRsForWavesPerEU: 224
; AccumOffset: 224
; Occupancy: 2
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 55
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.type	__hip_cuid_3a7d8205839708b2,@object ; @__hip_cuid_3a7d8205839708b2
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_3a7d8205839708b2
__hip_cuid_3a7d8205839708b2:
	.byte	0                               ; 0x0
	.size	__hip_cuid_3a7d8205839708b2, 1

	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_3a7d8205839708b2
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     by_value
      - .offset:         28
        .size:           4
        .value_kind:     by_value
      - .offset:         32
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 16384
    .kernarg_segment_align: 8
    .kernarg_segment_size: 36
    .max_flat_workgroup_size: 256
    .name:           c_first_bf16_m64n256k64
    .private_segment_fixed_size: 0
    .sgpr_count:     26
    .sgpr_spill_count: 0
    .symbol:         c_first_bf16_m64n256k64.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     224
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx950
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
