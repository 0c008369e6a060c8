	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 6
	.text
	.protected	preshuffle_bf16_m64n256k64_swz1_hint0 ; -- Begin function preshuffle_bf16_m64n256k64_swz1_hint0
	.globl	preshuffle_bf16_m64n256k64_swz1_hint0
	.p2align	8
	.type	preshuffle_bf16_m64n256k64_swz1_hint0,@function
preshuffle_bf16_m64n256k64_swz1_hint0:  ; @preshuffle_bf16_m64n256k64_swz1_hint0
; %bb.0:
	s_load_dwordx2 s[20:21], s[0:1], 0x1c
	s_load_dwordx4 s[8:11], s[0:1], 0x0
	s_load_dwordx2 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v1, 4, v0
	v_or_b32_e32 v4, 0x1000, v1
	s_waitcnt lgkmcnt(0)
	s_lshl_b32 s6, s21, 1
	s_mul_hi_i32 s1, s2, s6
	s_mul_i32 s0, s2, s6
	s_lshl_b64 s[0:1], s[0:1], 6
	s_add_u32 s12, s8, s0
	s_addc_u32 s0, s9, s1
	v_and_b32_e32 v2, 0x70, v1
	v_lshrrev_b32_e32 v3, 3, v0
	v_lshrrev_b32_e32 v5, 7, v4
	s_and_b32 s13, s0, 0xffff
	v_mad_u64_u32 v[66:67], s[0:1], s6, v3, v[2:3]
	v_mad_u64_u32 v[68:69], s[0:1], s6, v5, v[2:3]
	s_ashr_i32 s0, s21, 31
	s_lshr_b32 s1, s0, 27
	s_add_i32 s1, s21, s1
	s_ashr_i32 s1, s1, 5
	s_lshl_b32 s6, s3, 4
	v_lshrrev_b32_e32 v6, 4, v0
	v_and_or_b32 v6, v6, 12, s6
	s_lshl_b32 s6, s1, 10
	v_mul_lo_u32 v6, s6, v6
	v_and_b32_e32 v7, 0x3f0, v1
	v_add_u32_e32 v8, s6, v6
	v_or_b32_e32 v69, v8, v7
	v_lshl_add_u32 v8, s1, 11, v6
	s_mulk_i32 s1, 0xc00
	s_mov_b32 s15, 0x20000
	s_brev_b32 s14, -2
	v_or_b32_e32 v67, v6, v7
	v_add_u32_e32 v6, s1, v6
	s_and_b32 s17, s11, 0xffff
	s_mov_b32 s16, s10
	s_mov_b32 s18, s14
	s_mov_b32 s19, s15
	v_or_b32_e32 v70, v8, v7
	v_or_b32_e32 v71, v6, v7
	buffer_load_dwordx4 v[10:13], v66, s[12:15], 0 offen
	buffer_load_dwordx4 v[14:17], v68, s[12:15], 0 offen
	buffer_load_dwordx4 v[148:151], v67, s[16:19], 0 offen
	buffer_load_dwordx4 v[144:147], v67, s[16:19], 0 offen offset:1024
	buffer_load_dwordx4 v[152:155], v69, s[16:19], 0 offen
	buffer_load_dwordx4 v[140:143], v69, s[16:19], 0 offen offset:1024
	buffer_load_dwordx4 v[156:159], v70, s[16:19], 0 offen
	buffer_load_dwordx4 v[132:135], v70, s[16:19], 0 offen offset:1024
	buffer_load_dwordx4 v[160:163], v71, s[16:19], 0 offen
	buffer_load_dwordx4 v[136:139], v71, s[16:19], 0 offen offset:1024
	v_and_b32_e32 v6, 48, v0
	v_xor_b32_e32 v3, v3, v0
	s_lshr_b32 s0, s0, 26
	s_movk_i32 s7, 0x70
	v_lshlrev_b32_e32 v7, 7, v0
	v_and_b32_e32 v1, 0xf80, v1
	v_or_b32_e32 v8, 64, v6
	v_lshlrev_b32_e32 v3, 4, v3
	s_add_i32 s0, s21, s0
	v_and_b32_e32 v7, 0x780, v7
	v_xor_b32_e32 v6, v6, v2
	v_xor_b32_e32 v2, v8, v2
	v_and_or_b32 v72, v3, s7, v1
	v_xor_b32_e32 v3, v5, v0
	s_ashr_i32 s0, s0, 6
	v_and_b32_e32 v4, 0x1f80, v4
	v_or_b32_e32 v1, v7, v2
	v_lshlrev_b32_e32 v2, 4, v3
	s_add_i32 s0, s0, -1
	s_mov_b32 s6, 1
	s_mov_b32 s1, 0
	v_or_b32_e32 v130, v7, v6
	v_and_or_b32 v73, v2, s7, v4
	s_cmpk_lt_i32 s21, 0xc0
	v_or_b32_e32 v76, 0x400, v67
	v_add_u32_e32 v77, 0x400, v69
	v_or_b32_e32 v74, 0x400, v70
	v_add_u32_e32 v75, 0x400, v71
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
	s_movk_i32 s8, 0x800
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v25, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v31, 0
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v33, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v27, 0
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v29, 0
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v35, 0
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v37, 0
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
	v_mov_b32_e32 v62, 0
	v_mov_b32_e32 v63, 0
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v65, 0
	s_mov_b32 s16, s10
	s_mov_b32 s18, s14
	s_mov_b32 s19, s15
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	ds_read_b128 v[78:81], v130
	ds_read_b128 v[82:85], v130 offset:2048
	ds_read_b128 v[86:89], v130 offset:4096
	ds_read_b128 v[90:93], v130 offset:6144
	buffer_load_dwordx4 v[94:97], v69, s[16:19], s8 offen
	buffer_load_dwordx4 v[98:101], v70, s[16:19], s8 offen
	buffer_load_dwordx4 v[102:105], v71, s[16:19], s8 offen
	buffer_load_dwordx4 v[106:109], v76, s[16:19], s8 offen
	buffer_load_dwordx4 v[110:113], v77, s[16:19], s8 offen
	buffer_load_dwordx4 v[114:117], v74, s[16:19], s8 offen
	s_waitcnt vmcnt(6) lgkmcnt(3)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[78:79], v[148:149], v[62:65]
	buffer_load_dwordx4 v[118:121], v75, s[16:19], s8 offen
	s_add_i32 s9, s7, 0x80
	s_add_i32 s11, s8, 0x800
	s_waitcnt vmcnt(12)
	v_mfma_f32_16x16x16_bf16 v[58:61], v[78:79], v[152:153], v[58:61]
	s_add_i32 s1, s1, 2
	s_waitcnt vmcnt(10)
	v_mfma_f32_16x16x16_bf16 v[54:57], v[78:79], v[156:157], v[54:57]
	s_waitcnt vmcnt(8)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[78:79], v[160:161], v[50:53]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[82:83], v[148:149], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[82:83], v[152:153], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[82:83], v[156:157], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[82:83], v[160:161], v[34:37]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[86:87], v[148:149], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[86:87], v[152:153], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[86:87], v[156:157], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[86:87], v[160:161], v[30:33]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[90:91], v[148:149], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[90:91], v[152:153], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[90:91], v[156:157], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[90:91], v[160:161], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[80:81], v[150:151], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[80:81], v[154:155], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[80:81], v[158:159], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[80:81], v[162:163], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[84:85], v[150:151], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[84:85], v[154:155], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[84:85], v[158:159], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[84:85], v[162:163], v[34:37]
	ds_read_b128 v[78:81], v1
	ds_read_b128 v[82:85], v1 offset:2048
	v_mfma_f32_16x16x16_bf16 v[26:29], v[88:89], v[150:151], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[88:89], v[154:155], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[88:89], v[158:159], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[88:89], v[162:163], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[92:93], v[150:151], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[92:93], v[154:155], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[92:93], v[158:159], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[92:93], v[162:163], v[22:25]
	ds_read_b128 v[86:89], v1 offset:4096
	ds_read_b128 v[90:93], v1 offset:6144
	s_waitcnt lgkmcnt(3)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[78:79], v[144:145], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[78:79], v[140:141], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[78:79], v[132:133], v[54:57]
	s_waitcnt vmcnt(7)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[78:79], v[136:137], v[50:53]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[82:83], v[144:145], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[82:83], v[140:141], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[82:83], v[132:133], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[82:83], v[136:137], v[34:37]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[86:87], v[144:145], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[86:87], v[140:141], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[86:87], v[132:133], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[86:87], v[136:137], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[80:81], v[146:147], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[80:81], v[142:143], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[80:81], v[134:135], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[80:81], v[138:139], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[84:85], v[146:147], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[84:85], v[142:143], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[84:85], v[134:135], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[84:85], v[138:139], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[88:89], v[146:147], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[88:89], v[142:143], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[88:89], v[134:135], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[88:89], v[138:139], v[30:33]
	buffer_load_dwordx4 v[78:81], v66, s[12:15], s7 offen
	buffer_load_dwordx4 v[82:85], v68, s[12:15], s7 offen
	buffer_load_dwordx4 v[86:89], v67, s[16:19], s8 offen
	s_waitcnt vmcnt(2)
	ds_write_b128 v72, v[78:81] offset:8192
	s_waitcnt vmcnt(1)
	ds_write_b128 v73, v[82:85] offset:8192
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[90:91], v[144:145], v[6:9]
	s_addk_i32 s7, 0x100
	s_addk_i32 s8, 0x1000
	s_cmp_eq_u32 s6, s1
	v_mfma_f32_16x16x16_bf16 v[10:13], v[90:91], v[140:141], v[10:13]
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b128 v[78:81], v130 offset:8192
	ds_read_b128 v[82:85], v130 offset:10240
	v_mfma_f32_16x16x16_bf16 v[2:5], v[90:91], v[132:133], v[2:5]
	buffer_load_dwordx4 v[152:155], v69, s[16:19], s11 offen
	buffer_load_dwordx4 v[156:159], v70, s[16:19], s11 offen
	buffer_load_dwordx4 v[160:163], v71, s[16:19], s11 offen
	v_mfma_f32_16x16x16_bf16 v[22:25], v[90:91], v[136:137], v[22:25]
	s_waitcnt vmcnt(3) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[78:79], v[86:87], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[78:79], v[94:95], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[78:79], v[98:99], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[78:79], v[102:103], v[50:53]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[82:83], v[86:87], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[82:83], v[94:95], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[82:83], v[98:99], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[82:83], v[102:103], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[92:93], v[146:147], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[92:93], v[142:143], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[92:93], v[134:135], v[2:5]
	buffer_load_dwordx4 v[144:147], v76, s[16:19], s11 offen
	buffer_load_dwordx4 v[140:143], v77, s[16:19], s11 offen
	buffer_load_dwordx4 v[132:135], v74, s[16:19], s11 offen
	v_mfma_f32_16x16x16_bf16 v[22:25], v[92:93], v[138:139], v[22:25]
	ds_read_b128 v[90:93], v130 offset:12288
	ds_read_b128 v[122:125], v130 offset:14336
	buffer_load_dwordx4 v[136:139], v75, s[16:19], s11 offen
	v_mfma_f32_16x16x16_bf16 v[62:65], v[80:81], v[88:89], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[80:81], v[96:97], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[80:81], v[100:101], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[80:81], v[104:105], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[84:85], v[88:89], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[84:85], v[96:97], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[84:85], v[100:101], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[84:85], v[104:105], v[34:37]
	ds_read_b128 v[78:81], v1 offset:8192
	ds_read_b128 v[82:85], v1 offset:10240
	s_waitcnt lgkmcnt(3)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[90:91], v[86:87], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[90:91], v[94:95], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[90:91], v[98:99], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[90:91], v[102:103], v[30:33]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[122:123], v[86:87], v[6:9]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[78:79], v[106:107], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[78:79], v[110:111], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[78:79], v[114:115], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[78:79], v[118:119], v[50:53]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[82:83], v[106:107], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[82:83], v[110:111], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[82:83], v[114:115], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[82:83], v[118:119], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[92:93], v[88:89], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[92:93], v[96:97], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[92:93], v[100:101], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[92:93], v[104:105], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[124:125], v[88:89], v[6:9]
	ds_read_b128 v[86:89], v1 offset:12288
	ds_read_b128 v[90:93], v1 offset:14336
	v_mfma_f32_16x16x16_bf16 v[62:65], v[80:81], v[108:109], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[80:81], v[112:113], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[80:81], v[116:117], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[80:81], v[120:121], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[84:85], v[108:109], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[84:85], v[112:113], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[84:85], v[116:117], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[84:85], v[120:121], v[34:37]
	buffer_load_dwordx4 v[78:81], v66, s[12:15], s9 offen
	buffer_load_dwordx4 v[82:85], v68, s[12:15], s9 offen
	buffer_load_dwordx4 v[148:151], v67, s[16:19], s11 offen
	s_waitcnt vmcnt(2)
	ds_write_b128 v72, v[78:81]
	s_waitcnt vmcnt(1)
	ds_write_b128 v73, v[82:85]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[122:123], v[94:95], v[10:13]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[122:123], v[98:99], v[2:5]
	s_barrier
	v_mfma_f32_16x16x16_bf16 v[22:25], v[122:123], v[102:103], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[124:125], v[96:97], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[124:125], v[100:101], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[124:125], v[104:105], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[86:87], v[106:107], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[86:87], v[110:111], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[86:87], v[114:115], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[86:87], v[118:119], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[90:91], v[106:107], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[90:91], v[110:111], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[90:91], v[114:115], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[90:91], v[118:119], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[88:89], v[108:109], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[88:89], v[112:113], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[88:89], v[116:117], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[88:89], v[120:121], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[92:93], v[108:109], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[92:93], v[112:113], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[92:93], v[116:117], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[92:93], v[120:121], v[22:25]
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
	v_mov_b32_e32 v65, 0
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v63, 0
	v_mov_b32_e32 v62, 0
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
	v_mov_b32_e32 v37, 0
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v35, 0
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v29, 0
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v27, 0
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v33, 0
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v31, 0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v25, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v22, 0
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccz .LBB0_4
.LBB0_6:
	ds_read_b128 v[92:95], v130
	ds_read_b128 v[108:111], v130 offset:2048
	ds_read_b128 v[124:127], v130 offset:4096
	ds_read_b128 v[174:177], v130 offset:6144
	s_lshl_b32 s0, s6, 7
	s_mov_b32 s16, s10
	s_waitcnt vmcnt(0) lgkmcnt(3)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[92:93], v[148:149], v[62:65]
	s_mov_b32 s18, s14
	s_mov_b32 s19, s15
	v_mfma_f32_16x16x16_bf16 v[82:85], v[92:93], v[152:153], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[92:93], v[156:157], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[92:93], v[160:161], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[94:95], v[150:151], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[94:95], v[154:155], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[94:95], v[158:159], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[94:95], v[162:163], v[90:93]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[94:97], v[108:109], v[148:149], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[108:109], v[152:153], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[108:109], v[156:157], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[108:109], v[160:161], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[110:111], v[150:151], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[110:111], v[154:155], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[110:111], v[158:159], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[110:111], v[162:163], v[106:109]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[110:113], v[124:125], v[148:149], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[124:125], v[152:153], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[124:125], v[156:157], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[124:125], v[160:161], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[126:127], v[150:151], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[126:127], v[154:155], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[126:127], v[158:159], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[126:127], v[162:163], v[122:125]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[126:129], v[174:175], v[148:149], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[164:167], v[174:175], v[152:153], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[168:171], v[174:175], v[156:157], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[172:175], v[174:175], v[160:161], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[176:177], v[150:151], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[164:167], v[176:177], v[154:155], v[164:167]
	v_mfma_f32_16x16x16_bf16 v[168:171], v[176:177], v[158:159], v[168:171]
	v_mfma_f32_16x16x16_bf16 v[172:175], v[176:177], v[162:163], v[172:175]
	ds_read_b128 v[176:179], v1
	ds_read_b128 v[180:183], v1 offset:2048
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[176:177], v[144:145], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[176:177], v[140:141], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[176:177], v[132:133], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[176:177], v[136:137], v[90:93]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[94:97], v[180:181], v[144:145], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[180:181], v[140:141], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[180:181], v[132:133], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[180:181], v[136:137], v[106:109]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[178:179], v[146:147], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[178:179], v[142:143], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[178:179], v[134:135], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[178:179], v[138:139], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[182:183], v[146:147], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[182:183], v[142:143], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[182:183], v[134:135], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[182:183], v[138:139], v[106:109]
	ds_read_b128 v[176:179], v1 offset:4096
	ds_read_b128 v[180:183], v1 offset:6144
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[110:113], v[176:177], v[144:145], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[176:177], v[140:141], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[176:177], v[132:133], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[176:177], v[136:137], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[178:179], v[146:147], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[178:179], v[142:143], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[178:179], v[134:135], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[178:179], v[138:139], v[122:125]
	buffer_load_dwordx4 v[176:179], v66, s[12:15], s0 offen
	buffer_load_dwordx4 v[184:187], v68, s[12:15], s0 offen
	s_lshl_b32 s0, s6, 11
	buffer_load_dwordx4 v[188:191], v67, s[16:19], s0 offen
	buffer_load_dwordx4 v[192:195], v69, s[16:19], s0 offen
	buffer_load_dwordx4 v[196:199], v70, s[16:19], s0 offen
	buffer_load_dwordx4 v[200:203], v71, s[16:19], s0 offen
	buffer_load_dwordx4 v[204:207], v76, s[16:19], s0 offen
	buffer_load_dwordx4 v[208:211], v77, s[16:19], s0 offen
	buffer_load_dwordx4 v[212:215], v74, s[16:19], s0 offen
	buffer_load_dwordx4 v[216:219], v75, s[16:19], s0 offen
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[168:171], v[180:181], v[132:133], v[168:171]
	s_waitcnt vmcnt(9)
	ds_write_b128 v72, v[176:179] offset:8192
	s_waitcnt vmcnt(8)
	ds_write_b128 v73, v[184:187] offset:8192
	v_mfma_f32_16x16x16_bf16 v[126:129], v[180:181], v[144:145], v[126:129]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[164:167], v[180:181], v[140:141], v[164:167]
	s_barrier
	ds_read_b128 v[220:223], v1 offset:12288
	ds_read_b128 v[224:227], v1 offset:14336
	v_mfma_f32_16x16x16_bf16 v[66:69], v[182:183], v[134:135], v[168:171]
	v_mfma_f32_16x16x16_bf16 v[168:171], v[180:181], v[136:137], v[172:175]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[182:183], v[146:147], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[164:167], v[182:183], v[142:143], v[164:167]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[182:183], v[138:139], v[168:171]
	s_nop 3
	ds_read_b128 v[168:171], v130 offset:8192
	ds_read_b128 v[172:175], v130 offset:10240
	ds_read_b128 v[176:179], v130 offset:12288
	ds_read_b128 v[180:183], v130 offset:14336
	s_waitcnt vmcnt(7) lgkmcnt(3)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[168:169], v[188:189], v[78:81]
	s_waitcnt vmcnt(6)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[168:169], v[192:193], v[82:85]
	s_waitcnt vmcnt(5)
	v_mfma_f32_16x16x16_bf16 v[82:85], v[168:169], v[196:197], v[86:89]
	s_waitcnt vmcnt(4)
	v_mfma_f32_16x16x16_bf16 v[86:89], v[168:169], v[200:201], v[90:93]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[90:93], v[172:173], v[188:189], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[172:173], v[192:193], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[172:173], v[196:197], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[172:173], v[200:201], v[106:109]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[106:109], v[176:177], v[188:189], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[176:177], v[192:193], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[176:177], v[196:197], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[176:177], v[200:201], v[122:125]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[122:125], v[180:181], v[188:189], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[180:181], v[192:193], v[164:167]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[180:181], v[196:197], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[180:181], v[200:201], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[170:171], v[194:195], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[170:171], v[198:199], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[174:175], v[194:195], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[174:175], v[198:199], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[178:179], v[194:195], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[178:179], v[198:199], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[182:183], v[194:195], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[182:183], v[198:199], v[66:69]
	ds_read_b128 v[194:197], v1 offset:8192
	ds_read_b128 v[198:201], v1 offset:10240
	v_mfma_f32_16x16x16_bf16 v[70:73], v[170:171], v[190:191], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[170:171], v[202:203], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[174:175], v[190:191], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[174:175], v[202:203], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[178:179], v[190:191], v[106:109]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[178:179], v[202:203], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[182:183], v[190:191], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[182:183], v[202:203], v[74:77]
	s_waitcnt vmcnt(3) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[194:195], v[204:205], v[70:73]
	s_waitcnt vmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[194:195], v[208:209], v[78:81]
	s_waitcnt vmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[82:85], v[194:195], v[212:213], v[82:85]
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[86:89], v[194:195], v[216:217], v[86:89]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[90:93], v[198:199], v[204:205], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[198:199], v[208:209], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[198:199], v[212:213], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[164:167], v[198:199], v[216:217], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[168:171], v[220:221], v[204:205], v[106:109]
	v_mfma_f32_16x16x16_bf16 v[172:175], v[220:221], v[208:209], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[176:179], v[220:221], v[212:213], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[180:183], v[220:221], v[216:217], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[184:187], v[224:225], v[204:205], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[188:191], v[224:225], v[208:209], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[224:225], v[212:213], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[192:195], v[224:225], v[216:217], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[196:197], v[206:207], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[196:197], v[210:211], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[196:197], v[214:215], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[196:197], v[218:219], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[200:201], v[206:207], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[200:201], v[210:211], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[200:201], v[214:215], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[200:201], v[218:219], v[164:167]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[222:223], v[206:207], v[168:171]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[222:223], v[210:211], v[172:175]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[222:223], v[214:215], v[176:179]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[222:223], v[218:219], v[180:183]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[226:227], v[206:207], v[184:187]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[226:227], v[210:211], v[188:191]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[226:227], v[214:215], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[226:227], v[218:219], v[192:195]
	s_cbranch_execnz .LBB0_8
.LBB0_7:
	s_nop 5
	ds_read_b128 v[66:69], v130
	ds_read_b128 v[70:73], v130 offset:2048
	s_waitcnt vmcnt(0) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[66:67], v[148:149], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[66:67], v[152:153], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[66:67], v[156:157], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[66:67], v[160:161], v[50:53]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[70:71], v[148:149], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[70:71], v[152:153], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[70:71], v[156:157], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[70:71], v[160:161], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[68:69], v[150:151], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[68:69], v[154:155], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[68:69], v[158:159], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[68:69], v[162:163], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[72:73], v[150:151], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[72:73], v[154:155], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[72:73], v[158:159], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[72:73], v[162:163], v[34:37]
	ds_read_b128 v[66:69], v130 offset:4096
	ds_read_b128 v[70:73], v130 offset:6144
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[66:67], v[148:149], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[66:67], v[152:153], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[66:67], v[156:157], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[66:67], v[160:161], v[30:33]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[70:71], v[148:149], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[70:71], v[152:153], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[70:71], v[156:157], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[70:71], v[160:161], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[68:69], v[150:151], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[68:69], v[154:155], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[68:69], v[158:159], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[68:69], v[162:163], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[72:73], v[150:151], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[72:73], v[154:155], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[72:73], v[158:159], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[72:73], v[162:163], v[22:25]
	ds_read_b128 v[66:69], v1
	ds_read_b128 v[70:73], v1 offset:2048
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[38:41], v[70:71], v[132:133], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[70:71], v[136:137], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[72:73], v[134:135], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[72:73], v[138:139], v[34:37]
	s_nop 4
	ds_read_b128 v[34:37], v1 offset:4096
	ds_read_b128 v[38:41], v1 offset:6144
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[34:35], v[140:141], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[70:71], v[144:145], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[70:71], v[140:141], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[36:37], v[142:143], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[34:35], v[132:133], v[18:21]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[38:39], v[144:145], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[38:39], v[132:133], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[66:67], v[144:145], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[66:67], v[140:141], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[66:67], v[132:133], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[66:67], v[136:137], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[72:73], v[146:147], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[72:73], v[142:143], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[34:35], v[144:145], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[36:37], v[134:135], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[34:35], v[136:137], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[40:41], v[146:147], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[38:39], v[140:141], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[40:41], v[134:135], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[38:39], v[136:137], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[68:69], v[146:147], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[68:69], v[142:143], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[68:69], v[134:135], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[68:69], v[138:139], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[36:37], v[146:147], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[36:37], v[138:139], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[40:41], v[142:143], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[40:41], v[138:139], v[2:5]
.LBB0_8:
	v_lshrrev_b32_e32 v1, 2, v0
	v_and_b32_e32 v1, 12, v1
	v_lshl_or_b32 v1, s2, 6, v1
	s_lshl_b32 s0, s3, 8
	v_and_b32_e32 v2, 0xc0, v0
	v_and_b32_e32 v0, 15, v0
	v_or3_b32 v0, s0, v2, v0
	v_mul_lo_u32 v3, v1, s20
	s_and_b32 s5, s5, 0xffff
	s_mov_b32 s7, 0x20000
	s_brev_b32 s6, -2
	v_lshrrev_b32_e32 v4, 16, v126
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 1, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 2, v1
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 3, v1
	v_mul_lo_u32 v7, v7, s20
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
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v110
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 17, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 18, v1
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 19, v1
	v_mul_lo_u32 v7, v7, s20
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
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v98
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 33, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 34, v1
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 35, v1
	v_mul_lo_u32 v7, v7, s20
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
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v78
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 49, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 50, v1
	v_or_b32_e32 v1, 51, v1
	v_mul_lo_u32 v6, v6, s20
	v_mul_lo_u32 v1, v1, s20
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
	.amdhsa_kernel preshuffle_bf16_m64n256k64_swz1_hint0
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
		.amdhsa_next_free_vgpr 228
		.amdhsa_next_free_sgpr 96
		.amdhsa_accum_offset 228
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
	.size	preshuffle_bf16_m64n256k64_swz1_hint0, .Lfunc_end0-preshuffle_bf16_m64n256k64_swz1_hint0
                                        ; -- End function
	.set preshuffle_bf16_m64n256k64_swz1_hint0.num_vgpr, 228
	.set preshuffle_bf16_m64n256k64_swz1_hint0.num_agpr, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint0.numbered_sgpr, 22
	.set preshuffle_bf16_m64n256k64_swz1_hint0.num_named_barrier, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint0.private_seg_size, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint0.uses_vcc, 1
	.set preshuffle_bf16_m64n256k64_swz1_hint0.uses_flat_scratch, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint0.has_dyn_sized_stack, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint0.has_recursion, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint0.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 5900
; TotalNumSgprs: 28
; NumVgprs: 228
; NumAgprs: 0
; TotalNumVgprs: 228
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 16384 bytes/workgroup (compile time only)
; SGPRBlocks: 12
; VGPRBlocks: 28
; NumSGPRsForWavesPerEU: 102
; NumVGPRsForWavesPerEU: 228
; AccumOffset: 228
; Occupancy: 2
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 56
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	preshuffle_bf16_m64n256k64_swz0_hint0 ; -- Begin function preshuffle_bf16_m64n256k64_swz0_hint0
	.globl	preshuffle_bf16_m64n256k64_swz0_hint0
	.p2align	8
	.type	preshuffle_bf16_m64n256k64_swz0_hint0,@function
preshuffle_bf16_m64n256k64_swz0_hint0:  ; @preshuffle_bf16_m64n256k64_swz0_hint0
; %bb.0:
	s_load_dwordx2 s[20:21], s[0:1], 0x1c
	s_load_dwordx4 s[8:11], s[0:1], 0x0
	s_load_dwordx2 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v70, 4, v0
	v_and_b32_e32 v2, 0x70, v70
	s_waitcnt lgkmcnt(0)
	s_lshl_b32 s6, s21, 1
	s_mul_hi_i32 s1, s2, s6
	s_mul_i32 s0, s2, s6
	s_lshl_b64 s[0:1], s[0:1], 6
	s_add_u32 s12, s8, s0
	s_addc_u32 s0, s9, s1
	v_lshrrev_b32_e32 v1, 3, v0
	s_and_b32 s13, s0, 0xffff
	v_mad_u64_u32 v[66:67], s[0:1], s6, v1, v[2:3]
	v_or_b32_e32 v1, 0x1000, v70
	v_lshrrev_b32_e32 v3, 7, v1
	v_mad_u64_u32 v[68:69], s[0:1], s6, v3, v[2:3]
	s_ashr_i32 s0, s21, 31
	s_lshr_b32 s1, s0, 27
	s_add_i32 s1, s21, s1
	s_ashr_i32 s1, s1, 5
	s_lshl_b32 s6, s3, 4
	v_lshrrev_b32_e32 v3, 4, v0
	v_and_or_b32 v3, v3, 12, s6
	s_lshl_b32 s6, s1, 10
	v_mul_lo_u32 v3, s6, v3
	v_and_b32_e32 v4, 0x3f0, v70
	v_add_u32_e32 v5, s6, v3
	v_or_b32_e32 v69, v5, v4
	v_lshl_add_u32 v5, s1, 11, v3
	s_mulk_i32 s1, 0xc00
	s_mov_b32 s15, 0x20000
	s_brev_b32 s14, -2
	v_or_b32_e32 v67, v3, v4
	v_add_u32_e32 v3, s1, v3
	s_and_b32 s17, s11, 0xffff
	s_mov_b32 s16, s10
	s_mov_b32 s18, s14
	s_mov_b32 s19, s15
	v_or_b32_e32 v71, v5, v4
	v_or_b32_e32 v72, v3, v4
	buffer_load_dwordx4 v[4:7], v66, s[12:15], 0 offen
	buffer_load_dwordx4 v[8:11], v68, s[12:15], 0 offen
	buffer_load_dwordx4 v[146:149], v67, s[16:19], 0 offen
	buffer_load_dwordx4 v[142:145], v67, s[16:19], 0 offen offset:1024
	buffer_load_dwordx4 v[150:153], v69, s[16:19], 0 offen
	buffer_load_dwordx4 v[138:141], v69, s[16:19], 0 offen offset:1024
	buffer_load_dwordx4 v[154:157], v71, s[16:19], 0 offen
	buffer_load_dwordx4 v[130:133], v71, s[16:19], 0 offen offset:1024
	buffer_load_dwordx4 v[158:161], v72, s[16:19], 0 offen
	buffer_load_dwordx4 v[134:137], v72, s[16:19], 0 offen offset:1024
	s_lshr_b32 s0, s0, 26
	s_add_i32 s0, s21, s0
	v_lshlrev_b32_e32 v3, 7, v0
	s_ashr_i32 s0, s0, 6
	s_movk_i32 s7, 0x1f80
	v_and_b32_e32 v3, 0x780, v3
	s_add_i32 s0, s0, -1
	s_mov_b32 s6, 1
	s_mov_b32 s1, 0
	v_and_or_b32 v73, v1, s7, v2
	v_and_or_b32 v1, v0, 48, v3
	s_cmpk_lt_i32 s21, 0xc0
	v_or_b32_e32 v76, 0x400, v67
	v_add_u32_e32 v77, 0x400, v69
	v_or_b32_e32 v74, 0x400, v71
	v_add_u32_e32 v75, 0x400, v72
	s_waitcnt vmcnt(9)
	ds_write_b128 v70, v[4:7]
	s_waitcnt vmcnt(8)
	ds_write_b128 v73, v[8:11]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB1_5
; %bb.1:
	s_lshr_b32 s6, s0, 31
	s_add_i32 s6, s0, s6
	s_ashr_i32 s6, s6, 1
	s_max_i32 s6, s6, 1
	s_lshl_b32 s6, s6, 1
	s_movk_i32 s7, 0x80
	s_movk_i32 s8, 0x800
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v31, 0
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v33, 0
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v25, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v27, 0
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v29, 0
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v35, 0
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v37, 0
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
	v_mov_b32_e32 v62, 0
	v_mov_b32_e32 v63, 0
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v65, 0
	s_mov_b32 s16, s10
	s_mov_b32 s18, s14
	s_mov_b32 s19, s15
.LBB1_2:                                ; =>This Inner Loop Header: Depth=1
	ds_read_b128 v[78:81], v1
	ds_read_b128 v[82:85], v1 offset:64
	ds_read_b128 v[86:89], v1 offset:2048
	ds_read_b128 v[90:93], v1 offset:2112
	ds_read_b128 v[94:97], v1 offset:4096
	ds_read_b128 v[98:101], v1 offset:4160
	ds_read_b128 v[102:105], v1 offset:6144
	ds_read_b128 v[106:109], v1 offset:6208
	s_waitcnt vmcnt(3) lgkmcnt(7)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[78:79], v[146:147], v[62:65]
	buffer_load_dwordx4 v[118:121], v75, s[16:19], s8 offen
	s_add_i32 s9, s7, 0x80
	s_add_i32 s11, s8, 0x800
	s_waitcnt vmcnt(6)
	v_mfma_f32_16x16x16_bf16 v[58:61], v[78:79], v[150:151], v[58:61]
	s_add_i32 s1, s1, 2
	s_waitcnt vmcnt(4)
	v_mfma_f32_16x16x16_bf16 v[54:57], v[78:79], v[154:155], v[54:57]
	s_waitcnt vmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[78:79], v[158:159], v[50:53]
	s_waitcnt lgkmcnt(5)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[86:87], v[146:147], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[86:87], v[150:151], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[86:87], v[154:155], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[86:87], v[158:159], v[34:37]
	s_waitcnt lgkmcnt(3)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[94:95], v[146:147], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[94:95], v[150:151], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[94:95], v[154:155], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[94:95], v[158:159], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[80:81], v[148:149], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[80:81], v[152:153], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[80:81], v[156:157], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[80:81], v[160:161], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[88:89], v[148:149], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[88:89], v[152:153], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[88:89], v[156:157], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[88:89], v[160:161], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[96:97], v[148:149], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[96:97], v[152:153], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[96:97], v[156:157], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[96:97], v[160:161], v[30:33]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[102:103], v[146:147], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[102:103], v[150:151], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[102:103], v[154:155], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[102:103], v[158:159], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[82:83], v[142:143], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[82:83], v[138:139], v[58:61]
	s_waitcnt vmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[54:57], v[82:83], v[130:131], v[54:57]
	s_waitcnt vmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[82:83], v[134:135], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[90:91], v[142:143], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[90:91], v[138:139], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[90:91], v[130:131], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[90:91], v[134:135], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[98:99], v[142:143], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[98:99], v[138:139], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[98:99], v[130:131], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[98:99], v[134:135], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[104:105], v[148:149], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[104:105], v[152:153], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[104:105], v[156:157], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[104:105], v[160:161], v[14:17]
	buffer_load_dwordx4 v[102:105], v76, s[16:19], s8 offen
	buffer_load_dwordx4 v[110:113], v77, s[16:19], s8 offen
	buffer_load_dwordx4 v[114:117], v74, s[16:19], s8 offen
	v_mfma_f32_16x16x16_bf16 v[62:65], v[84:85], v[144:145], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[84:85], v[140:141], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[84:85], v[132:133], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[84:85], v[136:137], v[50:53]
	buffer_load_dwordx4 v[78:81], v66, s[12:15], s7 offen
	buffer_load_dwordx4 v[82:85], v68, s[12:15], s7 offen
	buffer_load_dwordx4 v[86:89], v67, s[16:19], s8 offen
	s_waitcnt vmcnt(2)
	ds_write_b128 v70, v[78:81] offset:8192
	s_waitcnt vmcnt(1)
	ds_write_b128 v73, v[82:85] offset:8192
	v_mfma_f32_16x16x16_bf16 v[46:49], v[92:93], v[144:145], v[46:49]
	s_addk_i32 s7, 0x100
	v_mfma_f32_16x16x16_bf16 v[42:45], v[92:93], v[140:141], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[92:93], v[132:133], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[92:93], v[136:137], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[100:101], v[144:145], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[100:101], v[140:141], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[100:101], v[132:133], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[100:101], v[136:137], v[30:33]
	buffer_load_dwordx4 v[90:93], v69, s[16:19], s8 offen
	buffer_load_dwordx4 v[94:97], v71, s[16:19], s8 offen
	buffer_load_dwordx4 v[98:101], v72, s[16:19], s8 offen
	s_addk_i32 s8, 0x1000
	s_cmp_eq_u32 s6, s1
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[106:107], v[130:131], v[10:13]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[106:107], v[142:143], v[2:5]
	s_barrier
	ds_read_b128 v[78:81], v1 offset:8192
	ds_read_b128 v[82:85], v1 offset:8256
	v_mfma_f32_16x16x16_bf16 v[6:9], v[106:107], v[138:139], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[106:107], v[134:135], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[108:109], v[132:133], v[10:13]
	ds_read_b128 v[126:129], v1 offset:12288
	ds_read_b128 v[130:133], v1 offset:12352
	v_mfma_f32_16x16x16_bf16 v[2:5], v[108:109], v[144:145], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[108:109], v[140:141], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[108:109], v[136:137], v[14:17]
	ds_read_b128 v[134:137], v1 offset:14336
	ds_read_b128 v[160:163], v1 offset:14400
	ds_read_b128 v[106:109], v1 offset:10240
	ds_read_b128 v[122:125], v1 offset:10304
	s_waitcnt vmcnt(3) lgkmcnt(7)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[78:79], v[86:87], v[62:65]
	s_waitcnt vmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[58:61], v[78:79], v[90:91], v[58:61]
	s_waitcnt vmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[54:57], v[78:79], v[94:95], v[54:57]
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[78:79], v[98:99], v[50:53]
	s_waitcnt lgkmcnt(5)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[126:127], v[86:87], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[126:127], v[90:91], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[126:127], v[94:95], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[126:127], v[98:99], v[30:33]
	s_waitcnt lgkmcnt(3)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[134:135], v[86:87], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[134:135], v[90:91], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[134:135], v[94:95], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[134:135], v[98:99], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[80:81], v[88:89], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[80:81], v[92:93], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[80:81], v[96:97], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[80:81], v[100:101], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[128:129], v[88:89], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[128:129], v[92:93], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[128:129], v[96:97], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[128:129], v[100:101], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[136:137], v[88:89], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[136:137], v[92:93], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[136:137], v[96:97], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[136:137], v[100:101], v[14:17]
	buffer_load_dwordx4 v[134:137], v75, s[16:19], s11 offen
	v_mfma_f32_16x16x16_bf16 v[62:65], v[82:83], v[102:103], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[82:83], v[110:111], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[82:83], v[114:115], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[82:83], v[118:119], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[130:131], v[102:103], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[130:131], v[110:111], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[130:131], v[114:115], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[130:131], v[118:119], v[30:33]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[160:161], v[102:103], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[160:161], v[110:111], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[160:161], v[114:115], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[160:161], v[118:119], v[14:17]
	buffer_load_dwordx4 v[150:153], v69, s[16:19], s11 offen
	buffer_load_dwordx4 v[154:157], v71, s[16:19], s11 offen
	buffer_load_dwordx4 v[158:161], v72, s[16:19], s11 offen
	v_mfma_f32_16x16x16_bf16 v[62:65], v[84:85], v[104:105], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[84:85], v[112:113], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[84:85], v[116:117], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[84:85], v[120:121], v[50:53]
	buffer_load_dwordx4 v[78:81], v66, s[12:15], s9 offen
	buffer_load_dwordx4 v[82:85], v68, s[12:15], s9 offen
	buffer_load_dwordx4 v[146:149], v67, s[16:19], s11 offen
	s_waitcnt vmcnt(2)
	ds_write_b128 v70, v[78:81]
	s_waitcnt vmcnt(1)
	ds_write_b128 v73, v[82:85]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[132:133], v[104:105], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[132:133], v[112:113], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[132:133], v[116:117], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[132:133], v[120:121], v[30:33]
	buffer_load_dwordx4 v[142:145], v76, s[16:19], s11 offen
	buffer_load_dwordx4 v[138:141], v77, s[16:19], s11 offen
	buffer_load_dwordx4 v[130:133], v74, s[16:19], s11 offen
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[106:107], v[86:87], v[46:49]
	s_barrier
	v_mfma_f32_16x16x16_bf16 v[42:45], v[106:107], v[90:91], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[106:107], v[94:95], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[106:107], v[98:99], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[108:109], v[88:89], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[108:109], v[92:93], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[108:109], v[96:97], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[108:109], v[100:101], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[122:123], v[102:103], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[122:123], v[110:111], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[122:123], v[114:115], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[122:123], v[118:119], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[124:125], v[104:105], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[124:125], v[112:113], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[124:125], v[116:117], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[124:125], v[120:121], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[162:163], v[104:105], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[162:163], v[112:113], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[162:163], v[116:117], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[162:163], v[120:121], v[14:17]
	s_cbranch_scc0 .LBB1_2
; %bb.3:
	s_or_b32 s6, s6, 1
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccnz .LBB1_6
.LBB1_4:
                                        ; implicit-def: $vgpr66_vgpr67_vgpr68_vgpr69
                                        ; implicit-def: $vgpr70_vgpr71_vgpr72_vgpr73
                                        ; implicit-def: $vgpr74_vgpr75_vgpr76_vgpr77
                                        ; implicit-def: $vgpr78_vgpr79_vgpr80_vgpr81
                                        ; implicit-def: $vgpr82_vgpr83_vgpr84_vgpr85
                                        ; implicit-def: $vgpr86_vgpr87_vgpr88_vgpr89
                                        ; implicit-def: $vgpr90_vgpr91_vgpr92_vgpr93
                                        ; implicit-def: $vgpr94_vgpr95_vgpr96_vgpr97
                                        ; implicit-def: $vgpr98_vgpr99_vgpr100_vgpr101
                                        ; implicit-def: $vgpr102_vgpr103_vgpr104_vgpr105
                                        ; implicit-def: $vgpr106_vgpr107_vgpr108_vgpr109
                                        ; implicit-def: $vgpr110_vgpr111_vgpr112_vgpr113
                                        ; implicit-def: $vgpr114_vgpr115_vgpr116_vgpr117
                                        ; implicit-def: $vgpr118_vgpr119_vgpr120_vgpr121
                                        ; implicit-def: $vgpr122_vgpr123_vgpr124_vgpr125
                                        ; implicit-def: $vgpr126_vgpr127_vgpr128_vgpr129
	s_branch .LBB1_7
.LBB1_5:
	v_mov_b32_e32 v65, 0
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v63, 0
	v_mov_b32_e32 v62, 0
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
	v_mov_b32_e32 v37, 0
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v35, 0
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v29, 0
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v27, 0
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v25, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v33, 0
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v31, 0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v14, 0
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccz .LBB1_4
.LBB1_6:
	ds_read_b128 v[92:95], v1
	ds_read_b128 v[174:177], v1 offset:64
	ds_read_b128 v[108:111], v1 offset:2048
	ds_read_b128 v[178:181], v1 offset:2112
	ds_read_b128 v[124:127], v1 offset:4096
	ds_read_b128 v[182:185], v1 offset:4160
	ds_read_b128 v[186:189], v1 offset:6144
	ds_read_b128 v[190:193], v1 offset:6208
	s_waitcnt vmcnt(3) lgkmcnt(7)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[92:93], v[146:147], v[62:65]
	s_lshl_b32 s0, s6, 7
	s_mov_b32 s16, s10
	s_mov_b32 s18, s14
	v_mfma_f32_16x16x16_bf16 v[82:85], v[92:93], v[150:151], v[58:61]
	s_mov_b32 s19, s15
	v_mfma_f32_16x16x16_bf16 v[86:89], v[92:93], v[154:155], v[54:57]
	s_waitcnt vmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[90:93], v[92:93], v[158:159], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[94:95], v[148:149], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[94:95], v[152:153], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[94:95], v[156:157], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[94:95], v[160:161], v[90:93]
	s_waitcnt lgkmcnt(5)
	v_mfma_f32_16x16x16_bf16 v[94:97], v[108:109], v[146:147], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[108:109], v[150:151], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[108:109], v[154:155], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[108:109], v[158:159], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[110:111], v[148:149], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[110:111], v[152:153], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[110:111], v[156:157], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[110:111], v[160:161], v[106:109]
	s_waitcnt lgkmcnt(3)
	v_mfma_f32_16x16x16_bf16 v[110:113], v[124:125], v[146:147], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[124:125], v[150:151], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[124:125], v[154:155], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[124:125], v[158:159], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[126:127], v[148:149], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[126:127], v[152:153], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[126:127], v[156:157], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[126:127], v[160:161], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[174:175], v[142:143], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[174:175], v[138:139], v[82:85]
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[86:89], v[174:175], v[130:131], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[174:175], v[134:135], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[178:179], v[142:143], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[178:179], v[138:139], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[178:179], v[130:131], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[178:179], v[134:135], v[106:109]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[126:129], v[186:187], v[146:147], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[162:165], v[186:187], v[150:151], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[166:169], v[186:187], v[154:155], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[170:173], v[186:187], v[158:159], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[182:183], v[142:143], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[182:183], v[138:139], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[182:183], v[130:131], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[182:183], v[134:135], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[176:177], v[144:145], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[176:177], v[140:141], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[176:177], v[132:133], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[176:177], v[136:137], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[180:181], v[144:145], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[180:181], v[140:141], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[180:181], v[132:133], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[180:181], v[136:137], v[106:109]
	buffer_load_dwordx4 v[174:177], v66, s[12:15], s0 offen
	buffer_load_dwordx4 v[178:181], v68, s[12:15], s0 offen
	s_lshl_b32 s0, s6, 11
	buffer_load_dwordx4 v[194:197], v71, s[16:19], s0 offen
	buffer_load_dwordx4 v[198:201], v72, s[16:19], s0 offen
	buffer_load_dwordx4 v[202:205], v76, s[16:19], s0 offen
	buffer_load_dwordx4 v[206:209], v77, s[16:19], s0 offen
	v_mfma_f32_16x16x16_bf16 v[126:129], v[188:189], v[148:149], v[126:129]
	buffer_load_dwordx4 v[210:213], v74, s[16:19], s0 offen
	buffer_load_dwordx4 v[214:217], v75, s[16:19], s0 offen
	s_waitcnt vmcnt(7)
	ds_write_b128 v70, v[174:177] offset:8192
	s_waitcnt vmcnt(6)
	ds_write_b128 v73, v[178:181] offset:8192
	v_mfma_f32_16x16x16_bf16 v[162:165], v[188:189], v[152:153], v[162:165]
	v_mfma_f32_16x16x16_bf16 v[166:169], v[188:189], v[156:157], v[166:169]
	v_mfma_f32_16x16x16_bf16 v[170:173], v[188:189], v[160:161], v[170:173]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[184:185], v[144:145], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[184:185], v[140:141], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[184:185], v[132:133], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[184:185], v[136:137], v[122:125]
	buffer_load_dwordx4 v[182:185], v67, s[16:19], s0 offen
	buffer_load_dwordx4 v[186:189], v69, s[16:19], s0 offen
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[166:169], v[190:191], v[130:131], v[166:169]
	s_barrier
	ds_read_b128 v[174:177], v1 offset:12288
	ds_read_b128 v[226:229], v1 offset:12352
	v_mfma_f32_16x16x16_bf16 v[126:129], v[190:191], v[142:143], v[126:129]
	ds_read_b128 v[178:181], v1 offset:14336
	ds_read_b128 v[230:233], v1 offset:14400
	v_mfma_f32_16x16x16_bf16 v[162:165], v[190:191], v[138:139], v[162:165]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[192:193], v[132:133], v[166:169]
	v_mfma_f32_16x16x16_bf16 v[166:169], v[190:191], v[134:135], v[170:173]
	s_nop 2
	ds_read_b128 v[170:173], v1 offset:10240
	ds_read_b128 v[222:225], v1 offset:10304
	v_mfma_f32_16x16x16_bf16 v[126:129], v[192:193], v[144:145], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[162:165], v[192:193], v[140:141], v[162:165]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[192:193], v[136:137], v[166:169]
	s_nop 2
	ds_read_b128 v[166:169], v1 offset:8192
	ds_read_b128 v[218:221], v1 offset:8256
	s_waitcnt vmcnt(1) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[166:167], v[182:183], v[78:81]
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[166:167], v[186:187], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[166:167], v[194:195], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[166:167], v[198:199], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[170:171], v[182:183], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[170:171], v[186:187], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[170:171], v[194:195], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[170:171], v[198:199], v[106:109]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[174:175], v[182:183], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[174:175], v[186:187], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[174:175], v[194:195], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[174:175], v[198:199], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[178:179], v[182:183], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[178:179], v[186:187], v[162:165]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[178:179], v[194:195], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[178:179], v[198:199], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[168:169], v[184:185], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[168:169], v[188:189], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[168:169], v[196:197], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[168:169], v[200:201], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[172:173], v[184:185], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[172:173], v[188:189], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[172:173], v[196:197], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[172:173], v[200:201], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[176:177], v[184:185], v[106:109]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[176:177], v[188:189], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[176:177], v[196:197], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[176:177], v[200:201], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[180:181], v[184:185], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[180:181], v[188:189], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[180:181], v[196:197], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[180:181], v[200:201], v[74:77]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[218:219], v[202:203], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[218:219], v[206:207], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[218:219], v[210:211], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[218:219], v[214:215], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[222:223], v[202:203], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[222:223], v[206:207], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[222:223], v[210:211], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[162:165], v[222:223], v[214:215], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[166:169], v[226:227], v[202:203], v[106:109]
	v_mfma_f32_16x16x16_bf16 v[170:173], v[226:227], v[206:207], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[174:177], v[226:227], v[210:211], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[178:181], v[226:227], v[214:215], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[182:185], v[230:231], v[202:203], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[186:189], v[230:231], v[206:207], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[230:231], v[210:211], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[190:193], v[230:231], v[214:215], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[220:221], v[204:205], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[220:221], v[208:209], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[220:221], v[212:213], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[220:221], v[216:217], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[224:225], v[204:205], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[224:225], v[208:209], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[224:225], v[212:213], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[224:225], v[216:217], v[162:165]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[228:229], v[204:205], v[166:169]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[228:229], v[208:209], v[170:173]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[228:229], v[212:213], v[174:177]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[228:229], v[216:217], v[178:181]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[232:233], v[204:205], v[182:185]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[232:233], v[208:209], v[186:189]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[232:233], v[212:213], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[232:233], v[216:217], v[190:193]
	s_cbranch_execnz .LBB1_8
.LBB1_7:
	s_nop 5
	ds_read_b128 v[66:69], v1
	ds_read_b128 v[70:73], v1 offset:64
	s_waitcnt vmcnt(3) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[66:67], v[146:147], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[66:67], v[150:151], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[66:67], v[154:155], v[54:57]
	s_waitcnt vmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[66:67], v[158:159], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[68:69], v[148:149], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[68:69], v[152:153], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[68:69], v[156:157], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[68:69], v[160:161], v[50:53]
	ds_read_b128 v[66:69], v1 offset:2048
	ds_read_b128 v[74:77], v1 offset:2112
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[66:67], v[146:147], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[66:67], v[150:151], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[66:67], v[154:155], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[66:67], v[158:159], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[68:69], v[148:149], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[68:69], v[152:153], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[68:69], v[156:157], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[68:69], v[160:161], v[34:37]
	ds_read_b128 v[66:69], v1 offset:4096
	ds_read_b128 v[78:81], v1 offset:4160
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[66:67], v[146:147], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[66:67], v[150:151], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[66:67], v[154:155], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[66:67], v[158:159], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[68:69], v[148:149], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[68:69], v[152:153], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[68:69], v[156:157], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[68:69], v[160:161], v[30:33]
	ds_read_b128 v[66:69], v1 offset:6144
	ds_read_b128 v[162:165], v1 offset:6208
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[66:67], v[146:147], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[78:79], v[138:139], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[68:69], v[148:149], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[66:67], v[150:151], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[80:81], v[140:141], v[18:21]
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[78:79], v[130:131], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[68:69], v[152:153], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[66:67], v[154:155], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[78:79], v[142:143], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[80:81], v[132:133], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[78:79], v[134:135], v[30:33]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[162:163], v[142:143], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[68:69], v[156:157], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[66:67], v[158:159], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[74:75], v[142:143], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[74:75], v[138:139], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[74:75], v[130:131], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[74:75], v[134:135], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[80:81], v[144:145], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[80:81], v[136:137], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[164:165], v[144:145], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[162:163], v[138:139], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[68:69], v[160:161], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[70:71], v[142:143], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[70:71], v[138:139], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[70:71], v[130:131], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[70:71], v[134:135], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[76:77], v[144:145], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[76:77], v[140:141], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[76:77], v[132:133], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[76:77], v[136:137], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[164:165], v[140:141], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[162:163], v[130:131], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[72:73], v[144:145], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[72:73], v[140:141], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[72:73], v[132:133], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[72:73], v[136:137], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[164:165], v[132:133], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[162:163], v[134:135], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[164:165], v[136:137], v[2:5]
.LBB1_8:
	v_lshrrev_b32_e32 v1, 2, v0
	v_and_b32_e32 v1, 12, v1
	v_lshl_or_b32 v1, s2, 6, v1
	s_lshl_b32 s0, s3, 8
	s_nop 1
	v_and_b32_e32 v2, 0xc0, v0
	v_and_b32_e32 v0, 15, v0
	v_or3_b32 v0, s0, v2, v0
	v_mul_lo_u32 v3, v1, s20
	s_and_b32 s5, s5, 0xffff
	s_mov_b32 s7, 0x20000
	s_brev_b32 s6, -2
	v_lshrrev_b32_e32 v4, 16, v126
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 1, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 2, v1
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 3, v1
	v_mul_lo_u32 v7, v7, s20
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
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v110
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 17, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 18, v1
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 19, v1
	v_mul_lo_u32 v7, v7, s20
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
	v_lshrrev_b32_e32 v4, 16, v98
	v_add_lshl_u32 v3, v2, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 32, v1
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v94
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 33, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 34, v1
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 35, v1
	v_mul_lo_u32 v7, v7, s20
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
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v78
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 49, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 50, v1
	v_or_b32_e32 v1, 51, v1
	v_mul_lo_u32 v6, v6, s20
	v_mul_lo_u32 v1, v1, s20
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
	.amdhsa_kernel preshuffle_bf16_m64n256k64_swz0_hint0
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
		.amdhsa_next_free_vgpr 234
		.amdhsa_next_free_sgpr 96
		.amdhsa_accum_offset 236
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
.Lfunc_end1:
	.size	preshuffle_bf16_m64n256k64_swz0_hint0, .Lfunc_end1-preshuffle_bf16_m64n256k64_swz0_hint0
                                        ; -- End function
	.set preshuffle_bf16_m64n256k64_swz0_hint0.num_vgpr, 234
	.set preshuffle_bf16_m64n256k64_swz0_hint0.num_agpr, 0
	.set preshuffle_bf16_m64n256k64_swz0_hint0.numbered_sgpr, 22
	.set preshuffle_bf16_m64n256k64_swz0_hint0.num_named_barrier, 0
	.set preshuffle_bf16_m64n256k64_swz0_hint0.private_seg_size, 0
	.set preshuffle_bf16_m64n256k64_swz0_hint0.uses_vcc, 1
	.set preshuffle_bf16_m64n256k64_swz0_hint0.uses_flat_scratch, 0
	.set preshuffle_bf16_m64n256k64_swz0_hint0.has_dyn_sized_stack, 0
	.set preshuffle_bf16_m64n256k64_swz0_hint0.has_recursion, 0
	.set preshuffle_bf16_m64n256k64_swz0_hint0.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 5800
; TotalNumSgprs: 28
; NumVgprs: 234
; NumAgprs: 0
; TotalNumVgprs: 234
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 16384 bytes/workgroup (compile time only)
; SGPRBlocks: 12
; VGPRBlocks: 29
; NumSGPRsForWavesPerEU: 102
; NumVGPRsForWavesPerEU: 234
; AccumOffset: 236
; Occupancy: 2
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 58
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	preshuffle_bf16_m64n256k64_swz1_hint1 ; -- Begin function preshuffle_bf16_m64n256k64_swz1_hint1
	.globl	preshuffle_bf16_m64n256k64_swz1_hint1
	.p2align	8
	.type	preshuffle_bf16_m64n256k64_swz1_hint1,@function
preshuffle_bf16_m64n256k64_swz1_hint1:  ; @preshuffle_bf16_m64n256k64_swz1_hint1
; %bb.0:
	s_load_dwordx2 s[20:21], s[0:1], 0x1c
	s_load_dwordx4 s[12:15], s[0:1], 0x0
	s_load_dwordx2 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v1, 4, v0
	v_or_b32_e32 v4, 0x1000, v1
	s_waitcnt lgkmcnt(0)
	s_lshl_b32 s6, s21, 1
	s_mul_hi_i32 s1, s2, s6
	s_mul_i32 s0, s2, s6
	s_lshl_b64 s[0:1], s[0:1], 6
	s_add_u32 s16, s12, s0
	s_addc_u32 s0, s13, s1
	v_and_b32_e32 v2, 0x70, v1
	v_lshrrev_b32_e32 v3, 3, v0
	v_lshrrev_b32_e32 v5, 7, v4
	s_and_b32 s17, s0, 0xffff
	v_mad_u64_u32 v[68:69], s[0:1], s6, v3, v[2:3]
	v_mad_u64_u32 v[66:67], s[0:1], s6, v5, v[2:3]
	s_ashr_i32 s0, s21, 31
	s_lshr_b32 s1, s0, 27
	s_add_i32 s1, s21, s1
	s_ashr_i32 s1, s1, 5
	s_lshl_b32 s6, s3, 4
	v_lshrrev_b32_e32 v6, 4, v0
	v_and_or_b32 v6, v6, 12, s6
	s_lshl_b32 s6, s1, 10
	v_mul_lo_u32 v6, s6, v6
	v_and_b32_e32 v7, 0x3f0, v1
	v_add_u32_e32 v8, s6, v6
	v_or_b32_e32 v75, v8, v7
	v_lshl_add_u32 v8, s1, 11, v6
	s_mulk_i32 s1, 0xc00
	s_mov_b32 s19, 0x20000
	s_brev_b32 s18, -2
	v_or_b32_e32 v77, v6, v7
	v_add_u32_e32 v6, s1, v6
	s_and_b32 s9, s15, 0xffff
	s_mov_b32 s8, s14
	s_mov_b32 s10, s18
	s_mov_b32 s11, s19
	v_or_b32_e32 v73, v8, v7
	v_or_b32_e32 v70, v6, v7
	buffer_load_dwordx4 v[10:13], v68, s[16:19], 0 offen
	buffer_load_dwordx4 v[14:17], v66, s[16:19], 0 offen
	buffer_load_dwordx4 v[148:151], v77, s[8:11], 0 offen
	buffer_load_dwordx4 v[136:139], v77, s[8:11], 0 offen offset:1024
	buffer_load_dwordx4 v[152:155], v75, s[8:11], 0 offen
	buffer_load_dwordx4 v[132:135], v75, s[8:11], 0 offen offset:1024
	buffer_load_dwordx4 v[156:159], v73, s[8:11], 0 offen
	buffer_load_dwordx4 v[140:143], v73, s[8:11], 0 offen offset:1024
	buffer_load_dwordx4 v[160:163], v70, s[8:11], 0 offen
	buffer_load_dwordx4 v[144:147], v70, s[8:11], 0 offen offset:1024
	v_and_b32_e32 v6, 48, v0
	v_xor_b32_e32 v3, v3, v0
	s_lshr_b32 s0, s0, 26
	s_movk_i32 s7, 0x70
	v_lshlrev_b32_e32 v7, 7, v0
	v_and_b32_e32 v1, 0xf80, v1
	v_or_b32_e32 v8, 64, v6
	v_lshlrev_b32_e32 v3, 4, v3
	s_add_i32 s0, s21, s0
	v_and_b32_e32 v7, 0x780, v7
	v_xor_b32_e32 v6, v6, v2
	v_xor_b32_e32 v2, v8, v2
	v_and_or_b32 v67, v3, s7, v1
	v_xor_b32_e32 v3, v5, v0
	s_ashr_i32 s0, s0, 6
	v_and_b32_e32 v4, 0x1f80, v4
	v_or_b32_e32 v1, v7, v2
	v_lshlrev_b32_e32 v2, 4, v3
	s_add_i32 s0, s0, -1
	s_mov_b32 s6, 1
	s_mov_b32 s1, 0
	v_or_b32_e32 v130, v7, v6
	v_and_or_b32 v69, v2, s7, v4
	s_cmpk_lt_i32 s21, 0xc0
	v_or_b32_e32 v76, 0x400, v77
	v_add_u32_e32 v74, 0x400, v75
	v_or_b32_e32 v72, 0x400, v73
	v_add_u32_e32 v71, 0x400, v70
	s_waitcnt vmcnt(9)
	ds_write_b128 v67, v[10:13]
	s_waitcnt vmcnt(8)
	ds_write_b128 v69, v[14:17]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB2_5
; %bb.1:
	s_lshr_b32 s6, s0, 31
	s_add_i32 s6, s0, s6
	s_ashr_i32 s6, s6, 1
	s_max_i32 s6, s6, 1
	s_lshl_b32 s6, s6, 1
	s_movk_i32 s7, 0x80
	s_movk_i32 s12, 0x800
	v_mov_b32_e32 v58, 0
	v_mov_b32_e32 v59, 0
	v_mov_b32_e32 v60, 0
	v_mov_b32_e32 v61, 0
	v_mov_b32_e32 v54, 0
	v_mov_b32_e32 v55, 0
	v_mov_b32_e32 v56, 0
	v_mov_b32_e32 v57, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v62, 0
	v_mov_b32_e32 v63, 0
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v65, 0
	v_mov_b32_e32 v50, 0
	v_mov_b32_e32 v51, 0
	v_mov_b32_e32 v52, 0
	v_mov_b32_e32 v53, 0
	v_mov_b32_e32 v42, 0
	v_mov_b32_e32 v43, 0
	v_mov_b32_e32 v44, 0
	v_mov_b32_e32 v45, 0
	v_mov_b32_e32 v46, 0
	v_mov_b32_e32 v47, 0
	v_mov_b32_e32 v48, 0
	v_mov_b32_e32 v49, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v25, 0
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v27, 0
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v29, 0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v31, 0
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v33, 0
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v35, 0
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v37, 0
	v_mov_b32_e32 v38, 0
	v_mov_b32_e32 v39, 0
	v_mov_b32_e32 v40, 0
	v_mov_b32_e32 v41, 0
	s_mov_b32 s8, s14
	s_mov_b32 s10, s18
	s_mov_b32 s11, s19
.LBB2_2:                                ; =>This Inner Loop Header: Depth=1
	buffer_load_dwordx4 v[78:81], v68, s[16:19], s7 offen
	ds_read_b128 v[82:85], v130
	s_add_i32 s13, s12, 0x800
	s_add_i32 s15, s7, 0x80
	s_add_i32 s1, s1, 2
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt vmcnt(8) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[38:41], v[82:83], v[148:149], v[38:41]
	s_waitcnt vmcnt(0)
	ds_write_b128 v67, v[78:81] offset:8192
	v_mfma_f32_16x16x16_bf16 v[34:37], v[82:83], v[152:153], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[84:85], v[150:151], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[84:85], v[154:155], v[34:37]
	buffer_load_dwordx4 v[78:81], v66, s[16:19], s7 offen
	s_addk_i32 s7, 0x100
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(0)
	ds_write_b128 v69, v[78:81] offset:8192
	v_mfma_f32_16x16x16_bf16 v[30:33], v[82:83], v[156:157], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[82:83], v[160:161], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[84:85], v[158:159], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[84:85], v[162:163], v[26:29]
	ds_read_b128 v[86:89], v130 offset:2048
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[86:87], v[148:149], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[86:87], v[152:153], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[88:89], v[150:151], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[88:89], v[154:155], v[18:21]
	buffer_load_dwordx4 v[94:97], v77, s[8:11], s12 offen
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[86:87], v[156:157], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[86:87], v[160:161], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[88:89], v[158:159], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[88:89], v[162:163], v[22:25]
	ds_read_b128 v[90:93], v130 offset:4096
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[90:91], v[148:149], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[90:91], v[152:153], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[92:93], v[150:151], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[92:93], v[154:155], v[22:25]
	buffer_load_dwordx4 v[98:101], v75, s[8:11], s12 offen
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[90:91], v[156:157], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[90:91], v[160:161], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[92:93], v[158:159], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[92:93], v[162:163], v[10:13]
	ds_read_b128 v[50:53], v130 offset:6144
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[50:51], v[148:149], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[50:51], v[152:153], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[52:53], v[150:151], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[52:53], v[154:155], v[2:5]
	buffer_load_dwordx4 v[102:105], v73, s[8:11], s12 offen
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[50:51], v[156:157], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[50:51], v[160:161], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[52:53], v[158:159], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[52:53], v[162:163], v[22:25]
	ds_read_b128 v[106:109], v1
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[106:107], v[136:137], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[106:107], v[132:133], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[108:109], v[138:139], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[108:109], v[134:135], v[22:25]
	buffer_load_dwordx4 v[110:113], v70, s[8:11], s12 offen
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[106:107], v[140:141], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[106:107], v[144:145], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[108:109], v[142:143], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[108:109], v[146:147], v[22:25]
	ds_read_b128 v[106:109], v1 offset:2048
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[106:107], v[136:137], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[106:107], v[132:133], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[108:109], v[138:139], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[108:109], v[134:135], v[30:33]
	buffer_load_dwordx4 v[114:117], v76, s[8:11], s12 offen
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[34:37], v[106:107], v[140:141], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[106:107], v[144:145], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[108:109], v[142:143], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[108:109], v[146:147], v[38:41]
	ds_read_b128 v[78:81], v1 offset:4096
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[42:45], v[78:79], v[136:137], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[78:79], v[132:133], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[80:81], v[138:139], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[80:81], v[134:135], v[46:49]
	buffer_load_dwordx4 v[106:109], v74, s[8:11], s12 offen
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[78:79], v[140:141], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[78:79], v[144:145], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[80:81], v[142:143], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[80:81], v[146:147], v[10:13]
	ds_read_b128 v[78:81], v1 offset:6144
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[78:79], v[136:137], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[78:79], v[132:133], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[80:81], v[138:139], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[80:81], v[134:135], v[2:5]
	buffer_load_dwordx4 v[118:121], v72, s[8:11], s12 offen
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[58:61], v[78:79], v[140:141], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[78:79], v[144:145], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[80:81], v[142:143], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[80:81], v[146:147], v[62:65]
	buffer_load_dwordx4 v[122:125], v71, s[8:11], s12 offen
	s_barrier
	ds_read_b128 v[126:129], v1 offset:14336
	buffer_load_dwordx4 v[136:139], v76, s[8:11], s13 offen
	ds_read_b128 v[156:159], v130 offset:14336
	s_waitcnt vmcnt(7) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[156:157], v[98:99], v[2:5]
	buffer_load_dwordx4 v[152:155], v75, s[8:11], s13 offen
	buffer_load_dwordx4 v[160:163], v70, s[8:11], s13 offen
	s_addk_i32 s12, 0x1000
	v_mfma_f32_16x16x16_bf16 v[2:5], v[158:159], v[100:101], v[2:5]
	s_cmp_eq_u32 s6, s1
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt vmcnt(5)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[126:127], v[106:107], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[128:129], v[108:109], v[2:5]
	buffer_load_dwordx4 v[132:135], v74, s[8:11], s13 offen
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[156:157], v[94:95], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[158:159], v[96:97], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[126:127], v[114:115], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[128:129], v[116:117], v[6:9]
	ds_read_b128 v[148:151], v130 offset:12288
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[148:149], v[110:111], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[148:149], v[102:103], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[150:151], v[112:113], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[150:151], v[104:105], v[14:17]
	buffer_load_dwordx4 v[140:143], v72, s[8:11], s13 offen
	ds_read_b128 v[164:167], v1 offset:12288
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt vmcnt(5) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[164:165], v[122:123], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[164:165], v[118:119], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[166:167], v[124:125], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[166:167], v[120:121], v[14:17]
	buffer_load_dwordx4 v[144:147], v71, s[8:11], s13 offen
	ds_read_b128 v[78:81], v130 offset:8192
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[78:79], v[94:95], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[78:79], v[98:99], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[80:81], v[96:97], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[80:81], v[100:101], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[78:79], v[102:103], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[78:79], v[110:111], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[80:81], v[104:105], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[80:81], v[112:113], v[22:25]
	ds_read_b128 v[88:91], v130 offset:10240
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[88:89], v[94:95], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[88:89], v[98:99], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[90:91], v[96:97], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[90:91], v[100:101], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[88:89], v[102:103], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[88:89], v[110:111], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[90:91], v[104:105], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[148:149], v[94:95], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[150:151], v[96:97], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[156:157], v[102:103], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[158:159], v[104:105], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[90:91], v[112:113], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[148:149], v[98:99], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[150:151], v[100:101], v[30:33]
	buffer_load_dwordx4 v[148:151], v77, s[8:11], s13 offen
	v_mfma_f32_16x16x16_bf16 v[30:33], v[156:157], v[110:111], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[158:159], v[112:113], v[30:33]
	buffer_load_dwordx4 v[168:171], v68, s[16:19], s15 offen
	buffer_load_dwordx4 v[172:175], v66, s[16:19], s15 offen
	buffer_load_dwordx4 v[156:159], v73, s[8:11], s13 offen
	ds_read_b128 v[42:45], v1 offset:8192
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[42:43], v[114:115], v[50:53]
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[42:43], v[106:107], v[54:57]
	s_nop 2
	ds_read_b128 v[52:55], v1 offset:10240
	v_mfma_f32_16x16x16_bf16 v[18:21], v[42:43], v[118:119], v[18:21]
	s_waitcnt vmcnt(2)
	ds_write_b128 v67, v[168:171]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[42:43], v[122:123], v[22:25]
	s_waitcnt vmcnt(1)
	ds_write_b128 v69, v[172:175]
	s_waitcnt lgkmcnt(0)
	s_barrier
	v_mfma_f32_16x16x16_bf16 v[38:41], v[44:45], v[116:117], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[44:45], v[108:109], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[44:45], v[120:121], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[44:45], v[124:125], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[52:53], v[114:115], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[52:53], v[106:107], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[54:55], v[116:117], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[54:55], v[108:109], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[52:53], v[118:119], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[52:53], v[122:123], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[54:55], v[120:121], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[54:55], v[124:125], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[126:127], v[118:119], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[126:127], v[122:123], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[128:129], v[120:121], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[164:165], v[114:115], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[164:165], v[106:107], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[128:129], v[124:125], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[166:167], v[116:117], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[166:167], v[108:109], v[62:65]
	s_cbranch_scc0 .LBB2_2
; %bb.3:
	s_or_b32 s6, s6, 1
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccnz .LBB2_6
.LBB2_4:
                                        ; implicit-def: $vgpr70_vgpr71_vgpr72_vgpr73
                                        ; implicit-def: $vgpr66_vgpr67_vgpr68_vgpr69
                                        ; implicit-def: $vgpr82_vgpr83_vgpr84_vgpr85
                                        ; implicit-def: $vgpr74_vgpr75_vgpr76_vgpr77
                                        ; implicit-def: $vgpr78_vgpr79_vgpr80_vgpr81
                                        ; implicit-def: $vgpr86_vgpr87_vgpr88_vgpr89
                                        ; implicit-def: $vgpr90_vgpr91_vgpr92_vgpr93
                                        ; implicit-def: $vgpr94_vgpr95_vgpr96_vgpr97
                                        ; implicit-def: $vgpr98_vgpr99_vgpr100_vgpr101
                                        ; implicit-def: $vgpr102_vgpr103_vgpr104_vgpr105
                                        ; implicit-def: $vgpr106_vgpr107_vgpr108_vgpr109
                                        ; implicit-def: $vgpr110_vgpr111_vgpr112_vgpr113
                                        ; implicit-def: $vgpr114_vgpr115_vgpr116_vgpr117
                                        ; implicit-def: $vgpr118_vgpr119_vgpr120_vgpr121
                                        ; implicit-def: $vgpr122_vgpr123_vgpr124_vgpr125
                                        ; implicit-def: $vgpr126_vgpr127_vgpr128_vgpr129
	s_branch .LBB2_7
.LBB2_5:
	v_mov_b32_e32 v41, 0
	v_mov_b32_e32 v40, 0
	v_mov_b32_e32 v39, 0
	v_mov_b32_e32 v38, 0
	v_mov_b32_e32 v37, 0
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v35, 0
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v33, 0
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v31, 0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v29, 0
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v27, 0
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v25, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v49, 0
	v_mov_b32_e32 v48, 0
	v_mov_b32_e32 v47, 0
	v_mov_b32_e32 v46, 0
	v_mov_b32_e32 v45, 0
	v_mov_b32_e32 v44, 0
	v_mov_b32_e32 v43, 0
	v_mov_b32_e32 v42, 0
	v_mov_b32_e32 v53, 0
	v_mov_b32_e32 v52, 0
	v_mov_b32_e32 v51, 0
	v_mov_b32_e32 v50, 0
	v_mov_b32_e32 v65, 0
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v63, 0
	v_mov_b32_e32 v62, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v57, 0
	v_mov_b32_e32 v56, 0
	v_mov_b32_e32 v55, 0
	v_mov_b32_e32 v54, 0
	v_mov_b32_e32 v61, 0
	v_mov_b32_e32 v60, 0
	v_mov_b32_e32 v59, 0
	v_mov_b32_e32 v58, 0
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccz .LBB2_4
.LBB2_6:
	s_lshl_b32 s0, s6, 7
	buffer_load_dwordx4 v[188:191], v68, s[16:19], s0 offen
	ds_read_b128 v[92:95], v130
	s_mov_b32 s8, s14
	s_mov_b32 s10, s18
	s_mov_b32 s11, s19
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(8) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[92:93], v[148:149], v[38:41]
	s_waitcnt vmcnt(0)
	ds_write_b128 v67, v[188:191] offset:8192
	v_mfma_f32_16x16x16_bf16 v[82:85], v[92:93], v[152:153], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[94:95], v[150:151], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[94:95], v[154:155], v[82:85]
	buffer_load_dwordx4 v[192:195], v66, s[16:19], s0 offen
	s_lshl_b32 s0, s6, 11
	s_waitcnt vmcnt(0)
	ds_write_b128 v69, v[192:195] offset:8192
	v_mfma_f32_16x16x16_bf16 v[86:89], v[92:93], v[156:157], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[92:93], v[160:161], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[94:95], v[158:159], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[94:95], v[162:163], v[90:93]
	ds_read_b128 v[108:111], v130 offset:2048
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[94:97], v[108:109], v[148:149], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[108:109], v[152:153], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[110:111], v[150:151], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[110:111], v[154:155], v[98:101]
	buffer_load_dwordx4 v[196:199], v77, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[102:105], v[108:109], v[156:157], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[108:109], v[160:161], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[110:111], v[158:159], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[110:111], v[162:163], v[106:109]
	ds_read_b128 v[124:127], v130 offset:4096
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[110:113], v[124:125], v[148:149], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[124:125], v[152:153], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[126:127], v[150:151], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[126:127], v[154:155], v[114:117]
	buffer_load_dwordx4 v[200:203], v75, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[118:121], v[124:125], v[156:157], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[124:125], v[160:161], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[126:127], v[158:159], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[126:127], v[162:163], v[122:125]
	ds_read_b128 v[174:177], v130 offset:6144
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[126:129], v[174:175], v[148:149], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[164:167], v[174:175], v[152:153], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[176:177], v[150:151], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[164:167], v[176:177], v[154:155], v[164:167]
	buffer_load_dwordx4 v[204:207], v73, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[168:171], v[174:175], v[156:157], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[172:175], v[174:175], v[160:161], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[168:171], v[176:177], v[158:159], v[168:171]
	v_mfma_f32_16x16x16_bf16 v[172:175], v[176:177], v[162:163], v[172:175]
	ds_read_b128 v[208:211], v1
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[208:209], v[136:137], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[176:179], v[210:211], v[138:139], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[208:209], v[132:133], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[180:183], v[210:211], v[134:135], v[78:81]
	buffer_load_dwordx4 v[212:215], v70, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[78:81], v[208:209], v[140:141], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[184:187], v[210:211], v[142:143], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[208:209], v[144:145], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[210:211], v[146:147], v[78:81]
	ds_read_b128 v[82:85], v1 offset:2048
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[82:83], v[136:137], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[84:85], v[138:139], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[82:83], v[132:133], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[84:85], v[134:135], v[78:81]
	buffer_load_dwordx4 v[208:211], v76, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[76:79], v[82:83], v[140:141], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[84:85], v[142:143], v[76:79]
	v_mfma_f32_16x16x16_bf16 v[76:79], v[82:83], v[144:145], v[106:109]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[84:85], v[146:147], v[76:79]
	s_nop 0
	ds_read_b128 v[80:83], v1 offset:4096
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[76:79], v[80:81], v[136:137], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[82:83], v[138:139], v[76:79]
	v_mfma_f32_16x16x16_bf16 v[76:79], v[80:81], v[132:133], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[82:83], v[134:135], v[76:79]
	buffer_load_dwordx4 v[216:219], v74, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[74:77], v[80:81], v[140:141], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[82:83], v[142:143], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[80:81], v[144:145], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[82:83], v[146:147], v[74:77]
	ds_read_b128 v[220:223], v1 offset:6144
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[74:77], v[220:221], v[136:137], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[220:221], v[132:133], v[164:167]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[222:223], v[138:139], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[222:223], v[134:135], v[82:85]
	buffer_load_dwordx4 v[224:227], v72, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[118:121], v[220:221], v[140:141], v[168:171]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[220:221], v[144:145], v[172:175]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[222:223], v[142:143], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[222:223], v[146:147], v[122:125]
	buffer_load_dwordx4 v[220:223], v71, s[8:11], s0 offen
	s_barrier
	ds_read_b128 v[188:191], v1 offset:14336
	ds_read_b128 v[192:195], v130 offset:14336
	s_waitcnt vmcnt(6) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[66:69], v[192:193], v[200:201], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[194:195], v[202:203], v[66:69]
	s_waitcnt vmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[66:69], v[188:189], v[216:217], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[190:191], v[218:219], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[192:193], v[196:197], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[194:195], v[198:199], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[188:189], v[208:209], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[190:191], v[210:211], v[66:69]
	ds_read_b128 v[228:231], v130 offset:12288
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[66:69], v[228:229], v[212:213], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[230:231], v[214:215], v[66:69]
	ds_read_b128 v[232:235], v1 offset:12288
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[66:69], v[232:233], v[220:221], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[234:235], v[222:223], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[228:229], v[204:205], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[230:231], v[206:207], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[232:233], v[224:225], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[234:235], v[226:227], v[66:69]
	ds_read_b128 v[168:171], v130 offset:8192
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[66:69], v[168:169], v[196:197], v[176:179]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[168:169], v[200:201], v[180:183]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[170:171], v[198:199], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[170:171], v[202:203], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[168:169], v[204:205], v[184:187]
	v_mfma_f32_16x16x16_bf16 v[88:91], v[168:169], v[212:213], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[164:167], v[170:171], v[206:207], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[88:91], v[170:171], v[214:215], v[88:91]
	s_nop 3
	ds_read_b128 v[126:129], v130 offset:10240
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[92:95], v[126:127], v[196:197], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[96:99], v[126:127], v[200:201], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[100:103], v[126:127], v[204:205], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[104:107], v[126:127], v[212:213], v[106:109]
	v_mfma_f32_16x16x16_bf16 v[168:171], v[128:129], v[214:215], v[104:107]
	v_mfma_f32_16x16x16_bf16 v[104:107], v[228:229], v[196:197], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[172:175], v[230:231], v[198:199], v[104:107]
	v_mfma_f32_16x16x16_bf16 v[104:107], v[228:229], v[200:201], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[176:179], v[230:231], v[202:203], v[104:107]
	v_mfma_f32_16x16x16_bf16 v[104:107], v[192:193], v[204:205], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[180:183], v[194:195], v[206:207], v[104:107]
	v_mfma_f32_16x16x16_bf16 v[104:107], v[192:193], v[212:213], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[184:187], v[194:195], v[214:215], v[104:107]
	s_nop 5
	ds_read_b128 v[104:107], v1 offset:8192
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[66:69], v[104:105], v[208:209], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[92:95], v[128:129], v[198:199], v[92:95]
	v_mfma_f32_16x16x16_bf16 v[96:99], v[128:129], v[202:203], v[96:99]
	v_mfma_f32_16x16x16_bf16 v[100:103], v[128:129], v[206:207], v[100:103]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[106:107], v[210:211], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[104:105], v[216:217], v[70:73]
	s_nop 2
	ds_read_b128 v[70:73], v1 offset:10240
	v_mfma_f32_16x16x16_bf16 v[122:125], v[106:107], v[218:219], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[104:105], v[224:225], v[164:167]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[106:107], v[226:227], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[104:105], v[220:221], v[88:91]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[106:107], v[222:223], v[66:69]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[66:69], v[70:71], v[208:209], v[92:95]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[72:73], v[210:211], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[70:71], v[216:217], v[96:99]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[72:73], v[218:219], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[70:71], v[224:225], v[100:103]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[72:73], v[226:227], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[70:71], v[220:221], v[168:171]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[72:73], v[222:223], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[232:233], v[208:209], v[172:175]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[234:235], v[210:211], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[232:233], v[216:217], v[176:179]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[234:235], v[218:219], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[188:189], v[224:225], v[180:183]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[190:191], v[226:227], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[68:71], v[188:189], v[220:221], v[184:187]
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[190:191], v[222:223], v[68:71]
	s_cbranch_execnz .LBB2_8
.LBB2_7:
	ds_read_b128 v[74:77], v130 offset:6144
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(5) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[74:75], v[152:153], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[76:77], v[154:155], v[2:5]
	ds_read_b128 v[82:85], v1 offset:6144
	s_waitcnt vmcnt(4) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[82:83], v[132:133], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[74:75], v[148:149], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[76:77], v[150:151], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[82:83], v[136:137], v[6:9]
	s_waitcnt vmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[58:61], v[74:75], v[160:161], v[58:61]
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[54:57], v[74:75], v[156:157], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[76:77], v[162:163], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[76:77], v[158:159], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[84:85], v[138:139], v[6:9]
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[58:61], v[82:83], v[144:145], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[82:83], v[140:141], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[84:85], v[146:147], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[84:85], v[142:143], v[54:57]
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[82:85], v[84:85], v[134:135], v[2:5]
	s_nop 3
	ds_read_b128 v[54:57], v130
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[38:41], v[54:55], v[148:149], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[54:55], v[152:153], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[56:57], v[150:151], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[56:57], v[154:155], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[54:55], v[156:157], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[54:55], v[160:161], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[56:57], v[158:159], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[56:57], v[162:163], v[26:29]
	ds_read_b128 v[54:57], v130 offset:2048
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[54:55], v[148:149], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[54:55], v[152:153], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[56:57], v[150:151], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[56:57], v[154:155], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[54:55], v[156:157], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[54:55], v[160:161], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[56:57], v[158:159], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[56:57], v[162:163], v[42:45]
	ds_read_b128 v[58:61], v130 offset:4096
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[58:59], v[148:149], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[58:59], v[152:153], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[60:61], v[150:151], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[60:61], v[154:155], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[58:59], v[156:157], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[58:59], v[160:161], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[60:61], v[158:159], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[60:61], v[162:163], v[10:13]
	ds_read_b128 v[58:61], v1
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[58:59], v[144:145], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[60:61], v[146:147], v[26:29]
	s_nop 5
	ds_read_b128 v[26:29], v1 offset:2048
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[26:27], v[136:137], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[28:29], v[138:139], v[22:25]
	s_nop 5
	ds_read_b128 v[22:25], v1 offset:4096
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[22:23], v[140:141], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[22:23], v[144:145], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[24:25], v[142:143], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[24:25], v[146:147], v[10:13]
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[38:41], v[58:59], v[136:137], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[58:59], v[132:133], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[60:61], v[138:139], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[60:61], v[134:135], v[34:37]
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[58:59], v[140:141], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[60:61], v[142:143], v[30:33]
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[26:27], v[132:133], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[28:29], v[134:135], v[18:21]
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[26:27], v[140:141], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[28:29], v[142:143], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[26:27], v[144:145], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[28:29], v[146:147], v[18:21]
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[22:23], v[136:137], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[24:25], v[138:139], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[22:23], v[132:133], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[24:25], v[134:135], v[18:21]
	; sched_group_barrier mask(0x00000008) size(4) SyncID(0)
.LBB2_8:
	v_lshrrev_b32_e32 v1, 2, v0
	v_and_b32_e32 v1, 12, v1
	v_lshl_or_b32 v1, s2, 6, v1
	s_lshl_b32 s0, s3, 8
	v_and_b32_e32 v2, 0xc0, v0
	v_and_b32_e32 v0, 15, v0
	v_or3_b32 v0, s0, v2, v0
	v_mul_lo_u32 v3, v1, s20
	s_and_b32 s5, s5, 0xffff
	s_mov_b32 s7, 0x20000
	s_brev_b32 s6, -2
	v_lshrrev_b32_e32 v4, 16, v126
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 1, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 2, v1
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 3, v1
	v_mul_lo_u32 v7, v7, s20
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
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v110
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 17, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 18, v1
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 19, v1
	v_mul_lo_u32 v7, v7, s20
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
	v_lshrrev_b32_e32 v4, 16, v98
	v_add_lshl_u32 v3, v2, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 32, v1
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v94
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 33, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 34, v1
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 35, v1
	v_mul_lo_u32 v7, v7, s20
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
	v_lshrrev_b32_e32 v4, 16, v78
	v_add_lshl_u32 v3, v2, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v2, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 48, v1
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v74
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 49, v1
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 50, v1
	v_or_b32_e32 v1, 51, v1
	v_mul_lo_u32 v6, v6, s20
	v_mul_lo_u32 v1, v1, s20
	v_add_lshl_u32 v7, v0, v6, 1
	v_add_lshl_u32 v0, v0, v1, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	buffer_store_short v4, v0, s[4:7], 0 offen
	v_lshrrev_b32_e32 v0, 16, v82
	v_add_lshl_u32 v4, v8, v3, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v8, v5, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v8, v6, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v8, v1, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_lshrrev_b32_e32 v0, 16, v66
	v_add_lshl_u32 v4, v9, v3, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v9, v5, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v9, v6, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_add_lshl_u32 v4, v9, v1, 1
	buffer_store_short v0, v4, s[4:7], 0 offen
	v_lshrrev_b32_e32 v0, 16, v70
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
	.amdhsa_kernel preshuffle_bf16_m64n256k64_swz1_hint1
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
		.amdhsa_next_free_vgpr 236
		.amdhsa_next_free_sgpr 96
		.amdhsa_accum_offset 236
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
.Lfunc_end2:
	.size	preshuffle_bf16_m64n256k64_swz1_hint1, .Lfunc_end2-preshuffle_bf16_m64n256k64_swz1_hint1
                                        ; -- End function
	.set preshuffle_bf16_m64n256k64_swz1_hint1.num_vgpr, 236
	.set preshuffle_bf16_m64n256k64_swz1_hint1.num_agpr, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint1.numbered_sgpr, 22
	.set preshuffle_bf16_m64n256k64_swz1_hint1.num_named_barrier, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint1.private_seg_size, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint1.uses_vcc, 1
	.set preshuffle_bf16_m64n256k64_swz1_hint1.uses_flat_scratch, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint1.has_dyn_sized_stack, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint1.has_recursion, 0
	.set preshuffle_bf16_m64n256k64_swz1_hint1.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 5896
; TotalNumSgprs: 28
; NumVgprs: 236
; NumAgprs: 0
; TotalNumVgprs: 236
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 16384 bytes/workgroup (compile time only)
; SGPRBlocks: 12
; VGPRBlocks: 29
; NumSGPRsForWavesPerEU: 102
; NumVGPRsForWavesPerEU: 236
; AccumOffset: 236
; Occupancy: 2
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 58
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	preshuffle_bf16_m32n128k128_swz1_hint0 ; -- Begin function preshuffle_bf16_m32n128k128_swz1_hint0
	.globl	preshuffle_bf16_m32n128k128_swz1_hint0
	.p2align	8
	.type	preshuffle_bf16_m32n128k128_swz1_hint0,@function
preshuffle_bf16_m32n128k128_swz1_hint0: ; @preshuffle_bf16_m32n128k128_swz1_hint0
; %bb.0:
	s_load_dwordx2 s[20:21], s[0:1], 0x1c
	s_load_dwordx4 s[12:15], s[0:1], 0x0
	s_load_dwordx2 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v3, 4, v0
	v_or_b32_e32 v5, 0x1000, v3
	s_waitcnt lgkmcnt(0)
	s_lshl_b32 s6, s21, 1
	s_mul_hi_i32 s1, s2, s6
	s_mul_i32 s0, s2, s6
	s_lshl_b64 s[0:1], s[0:1], 5
	s_add_u32 s16, s12, s0
	s_addc_u32 s0, s13, s1
	v_and_b32_e32 v2, 0xf0, v3
	v_lshrrev_b32_e32 v4, 4, v0
	v_lshrrev_b32_e32 v6, 8, v5
	s_and_b32 s17, s0, 0xffff
	v_mad_u64_u32 v[18:19], s[0:1], s6, v4, v[2:3]
	v_mad_u64_u32 v[20:21], s[0:1], s6, v6, v[2:3]
	s_ashr_i32 s0, s21, 31
	s_lshr_b32 s1, s0, 27
	s_add_i32 s1, s21, s1
	v_lshrrev_b32_e32 v1, 6, v0
	s_lshl_b32 s6, s3, 3
	s_lshl_b32 s1, s1, 5
	v_lshl_or_b32 v7, v1, 1, s6
	s_and_b32 s1, s1, 0xfffffc00
	v_and_b32_e32 v8, 0x3f0, v3
	v_mul_lo_u32 v7, s1, v7
	s_mov_b32 s19, 0x20000
	s_brev_b32 s18, -2
	v_or_b32_e32 v19, v7, v8
	v_add_u32_e32 v7, s1, v7
	s_and_b32 s9, s15, 0xffff
	s_mov_b32 s8, s14
	s_mov_b32 s10, s18
	s_mov_b32 s11, s19
	v_or_b32_e32 v21, v7, v8
	buffer_load_dwordx4 v[12:15], v18, s[16:19], 0 offen
	buffer_load_dwordx4 v[30:33], v20, s[16:19], 0 offen
	buffer_load_dwordx4 v[62:65], v19, s[8:11], 0 offen
	buffer_load_dwordx4 v[54:57], v19, s[8:11], 0 offen offset:1024
	buffer_load_dwordx4 v[66:69], v21, s[8:11], 0 offen
	buffer_load_dwordx4 v[58:61], v21, s[8:11], 0 offen offset:1024
	buffer_load_dwordx4 v[46:49], v19, s[8:11], 0 offen offset:2048
	buffer_load_dwordx4 v[38:41], v19, s[8:11], 0 offen offset:3072
	buffer_load_dwordx4 v[50:53], v21, s[8:11], 0 offen offset:2048
	buffer_load_dwordx4 v[42:45], v21, s[8:11], 0 offen offset:3072
	v_and_b32_e32 v7, 48, v0
	v_xor_b32_e32 v4, v4, v0
	s_lshr_b32 s0, s0, 25
	s_movk_i32 s8, 0xf0
	v_lshlrev_b32_e32 v8, 8, v0
	v_and_b32_e32 v3, 0xf00, v3
	v_or_b32_e32 v9, 64, v7
	v_or_b32_e32 v10, 0x80, v7
	v_or_b32_e32 v11, 0xc0, v7
	v_lshlrev_b32_e32 v4, 4, v4
	s_add_i32 s0, s21, s0
	v_and_b32_e32 v8, 0xf00, v8
	v_xor_b32_e32 v7, v7, v2
	v_xor_b32_e32 v9, v9, v2
	v_xor_b32_e32 v10, v10, v2
	v_xor_b32_e32 v2, v11, v2
	v_and_or_b32 v22, v4, s8, v3
	v_xor_b32_e32 v3, v6, v0
	s_ashr_i32 s0, s0, 7
	v_and_b32_e32 v5, 0x1f00, v5
	v_or_b32_e32 v34, v8, v2
	v_lshlrev_b32_e32 v2, 4, v3
	s_add_i32 s0, s0, -1
	s_mov_b32 s7, 1
	s_movk_i32 s1, 0x1000
	s_mov_b32 s6, 0
	v_or_b32_e32 v37, v8, v7
	v_or_b32_e32 v36, v8, v9
	v_or_b32_e32 v35, v8, v10
	v_and_or_b32 v23, v2, s8, v5
	s_cmpk_lt_i32 s21, 0x180
	v_or_b32_e32 v26, 0x400, v19
	v_add_u32_e32 v27, 0x800, v19
	v_add_u32_e32 v24, 0xc00, v19
	v_add_u32_e32 v28, 0x400, v21
	v_add_u32_e32 v29, 0x800, v21
	v_add_u32_e32 v25, 0xc00, v21
	s_waitcnt vmcnt(9)
	ds_write_b128 v22, v[12:15]
	s_waitcnt vmcnt(8)
	ds_write_b128 v23, v[30:33]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB3_5
; %bb.1:
	s_lshr_b32 s7, s0, 31
	s_add_i32 s7, s0, s7
	s_ashr_i32 s7, s7, 1
	s_max_i32 s7, s7, 1
	s_lshl_b32 s7, s7, 1
	s_movk_i32 s12, 0x100
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v13, 0
	s_mov_b32 s8, s14
	s_mov_b32 s10, s18
	s_mov_b32 s11, s19
.LBB3_2:                                ; =>This Inner Loop Header: Depth=1
	ds_read_b128 v[30:33], v37
	ds_read_b128 v[70:73], v37 offset:4096
	buffer_load_dwordx4 v[82:85], v25, s[8:11], s1 offen
	s_add_i32 s13, s12, 0x100
	s_add_i32 s15, s1, 0x1000
	s_waitcnt vmcnt(4) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[30:31], v[62:63], v[10:13]
	s_add_i32 s6, s6, 2
	s_waitcnt vmcnt(3)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[30:31], v[66:67], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[70:71], v[62:63], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[32:33], v[64:65], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[32:33], v[68:69], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[72:73], v[64:65], v[2:5]
	ds_read_b128 v[30:33], v36
	ds_read_b128 v[62:65], v36 offset:4096
	s_waitcnt vmcnt(2) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[30:31], v[54:55], v[10:13]
	s_waitcnt vmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[30:31], v[58:59], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[62:63], v[54:55], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[70:71], v[66:67], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[32:33], v[56:57], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[32:33], v[60:61], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[64:65], v[56:57], v[2:5]
	ds_read_b128 v[30:33], v35
	ds_read_b128 v[54:57], v35 offset:4096
	v_mfma_f32_16x16x16_bf16 v[6:9], v[72:73], v[68:69], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[62:63], v[58:59], v[6:9]
	s_waitcnt vmcnt(4) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[30:31], v[46:47], v[10:13]
	s_waitcnt vmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[30:31], v[50:51], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[54:55], v[46:47], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[64:65], v[60:61], v[6:9]
	buffer_load_dwordx4 v[62:65], v21, s[8:11], s1 offen
	buffer_load_dwordx4 v[66:69], v26, s[8:11], s1 offen
	buffer_load_dwordx4 v[70:73], v28, s[8:11], s1 offen
	v_mfma_f32_16x16x16_bf16 v[10:13], v[32:33], v[48:49], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[32:33], v[52:53], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[56:57], v[48:49], v[2:5]
	ds_read_b128 v[30:33], v34
	ds_read_b128 v[46:49], v34 offset:4096
	v_mfma_f32_16x16x16_bf16 v[6:9], v[54:55], v[50:51], v[6:9]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[30:31], v[38:39], v[10:13]
	s_waitcnt vmcnt(4)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[30:31], v[42:43], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[56:57], v[52:53], v[6:9]
	buffer_load_dwordx4 v[50:53], v18, s[16:19], s12 offen
	buffer_load_dwordx4 v[54:57], v20, s[16:19], s12 offen
	buffer_load_dwordx4 v[58:61], v19, s[8:11], s1 offen
	s_waitcnt vmcnt(2)
	ds_write_b128 v22, v[50:53] offset:8192
	s_waitcnt vmcnt(1)
	ds_write_b128 v23, v[54:57] offset:8192
	v_mfma_f32_16x16x16_bf16 v[10:13], v[32:33], v[40:41], v[10:13]
	s_addk_i32 s12, 0x200
	v_mfma_f32_16x16x16_bf16 v[14:17], v[32:33], v[44:45], v[14:17]
	buffer_load_dwordx4 v[30:33], v27, s[8:11], s1 offen
	buffer_load_dwordx4 v[74:77], v29, s[8:11], s1 offen
	buffer_load_dwordx4 v[78:81], v24, s[8:11], s1 offen
	s_addk_i32 s1, 0x2000
	s_cmp_eq_u32 s7, s6
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[46:47], v[38:39], v[2:5]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[46:47], v[42:43], v[6:9]
	s_barrier
	v_mfma_f32_16x16x16_bf16 v[2:5], v[48:49], v[40:41], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[48:49], v[44:45], v[6:9]
	ds_read_b128 v[38:41], v37 offset:8192
	ds_read_b128 v[42:45], v37 offset:12288
	s_waitcnt vmcnt(3) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[38:39], v[58:59], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[38:39], v[62:63], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[42:43], v[58:59], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[42:43], v[62:63], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[40:41], v[60:61], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[40:41], v[64:65], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[44:45], v[60:61], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[44:45], v[64:65], v[6:9]
	ds_read_b128 v[38:41], v36 offset:8192
	ds_read_b128 v[42:45], v36 offset:12288
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[38:39], v[66:67], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[38:39], v[70:71], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[42:43], v[66:67], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[42:43], v[70:71], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[40:41], v[68:69], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[40:41], v[72:73], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[44:45], v[68:69], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[44:45], v[72:73], v[6:9]
	ds_read_b128 v[38:41], v35 offset:8192
	ds_read_b128 v[42:45], v35 offset:12288
	s_waitcnt vmcnt(2) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[38:39], v[30:31], v[10:13]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[42:43], v[30:31], v[2:5]
	s_waitcnt vmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[42:43], v[74:75], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[40:41], v[32:33], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[44:45], v[32:33], v[2:5]
	ds_read_b128 v[30:33], v34 offset:8192
	ds_read_b128 v[68:71], v34 offset:12288
	v_mfma_f32_16x16x16_bf16 v[14:17], v[38:39], v[74:75], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[44:45], v[76:77], v[6:9]
	buffer_load_dwordx4 v[42:45], v25, s[8:11], s15 offen
	v_mfma_f32_16x16x16_bf16 v[14:17], v[40:41], v[76:77], v[14:17]
	buffer_load_dwordx4 v[46:49], v27, s[8:11], s15 offen
	buffer_load_dwordx4 v[50:53], v29, s[8:11], s15 offen
	buffer_load_dwordx4 v[38:41], v24, s[8:11], s15 offen
	s_waitcnt vmcnt(4) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[30:31], v[78:79], v[10:13]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[68:69], v[78:79], v[2:5]
	buffer_load_dwordx4 v[72:75], v18, s[16:19], s13 offen
	buffer_load_dwordx4 v[76:79], v20, s[16:19], s13 offen
	buffer_load_dwordx4 v[62:65], v19, s[8:11], s15 offen
	s_waitcnt vmcnt(2)
	ds_write_b128 v22, v[72:75]
	s_waitcnt vmcnt(1)
	ds_write_b128 v23, v[76:79]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[68:69], v[82:83], v[6:9]
	buffer_load_dwordx4 v[66:69], v21, s[8:11], s15 offen
	buffer_load_dwordx4 v[54:57], v26, s[8:11], s15 offen
	buffer_load_dwordx4 v[58:61], v28, s[8:11], s15 offen
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[30:31], v[82:83], v[14:17]
	s_barrier
	v_mfma_f32_16x16x16_bf16 v[10:13], v[32:33], v[80:81], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[32:33], v[84:85], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[70:71], v[80:81], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[70:71], v[84:85], v[6:9]
	s_cbranch_scc0 .LBB3_2
; %bb.3:
	s_or_b32 s7, s7, 1
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccnz .LBB3_6
.LBB3_4:
                                        ; implicit-def: $vgpr18_vgpr19_vgpr20_vgpr21
                                        ; implicit-def: $vgpr22_vgpr23_vgpr24_vgpr25
                                        ; implicit-def: $vgpr26_vgpr27_vgpr28_vgpr29
                                        ; implicit-def: $vgpr30_vgpr31_vgpr32_vgpr33
	s_branch .LBB3_7
.LBB3_5:
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v6, 0
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccz .LBB3_4
.LBB3_6:
	ds_read_b128 v[72:75], v37
	ds_read_b128 v[80:83], v37 offset:4096
	s_lshl_b32 s0, s7, 8
	buffer_load_dwordx4 v[90:93], v18, s[16:19], s0 offen
	buffer_load_dwordx4 v[94:97], v20, s[16:19], s0 offen
	s_lshl_b32 s0, s7, 12
	s_waitcnt vmcnt(5) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[72:73], v[62:63], v[10:13]
	s_mov_b32 s8, s14
	s_mov_b32 s10, s18
	s_mov_b32 s11, s19
	s_waitcnt vmcnt(4)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[72:73], v[66:67], v[14:17]
	s_waitcnt vmcnt(1)
	ds_write_b128 v22, v[90:93] offset:8192
	s_waitcnt vmcnt(0)
	ds_write_b128 v23, v[94:97] offset:8192
	v_mfma_f32_16x16x16_bf16 v[30:33], v[74:75], v[64:65], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[74:75], v[68:69], v[70:73]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[74:77], v[80:81], v[62:63], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[80:81], v[66:67], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[82:83], v[64:65], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[82:83], v[68:69], v[78:81]
	ds_read_b128 v[82:85], v36
	ds_read_b128 v[86:89], v36 offset:4096
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[82:83], v[54:55], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[82:83], v[58:59], v[70:73]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[74:77], v[86:87], v[54:55], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[86:87], v[58:59], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[84:85], v[56:57], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[84:85], v[60:61], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[88:89], v[56:57], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[88:89], v[60:61], v[78:81]
	ds_read_b128 v[82:85], v35
	ds_read_b128 v[86:89], v35 offset:4096
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[82:83], v[46:47], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[82:83], v[50:51], v[70:73]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[74:77], v[86:87], v[46:47], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[86:87], v[50:51], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[84:85], v[48:49], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[84:85], v[52:53], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[88:89], v[48:49], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[88:89], v[52:53], v[78:81]
	ds_read_b128 v[82:85], v34
	ds_read_b128 v[86:89], v34 offset:4096
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[82:83], v[38:39], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[82:83], v[42:43], v[70:73]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[74:77], v[86:87], v[38:39], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[84:85], v[40:41], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[84:85], v[44:45], v[70:73]
	buffer_load_dwordx4 v[82:85], v19, s[8:11], s0 offen
	buffer_load_dwordx4 v[98:101], v21, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[18:21], v[88:89], v[40:41], v[74:77]
	s_nop 2
	buffer_load_dwordx4 v[74:77], v26, s[8:11], s0 offen
	buffer_load_dwordx4 v[102:105], v28, s[8:11], s0 offen
	buffer_load_dwordx4 v[106:109], v27, s[8:11], s0 offen
	buffer_load_dwordx4 v[110:113], v29, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[26:29], v[86:87], v[42:43], v[78:81]
	s_nop 2
	buffer_load_dwordx4 v[78:81], v24, s[8:11], s0 offen
	buffer_load_dwordx4 v[114:117], v25, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[24:27], v[88:89], v[44:45], v[26:29]
	s_barrier
	ds_read_b128 v[86:89], v37 offset:8192
	ds_read_b128 v[90:93], v37 offset:12288
	s_waitcnt vmcnt(7) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[28:31], v[86:87], v[82:83], v[30:33]
	s_waitcnt vmcnt(6)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[86:87], v[98:99], v[70:73]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[90:91], v[82:83], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[90:91], v[98:99], v[24:27]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[88:89], v[84:85], v[28:31]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[88:89], v[100:101], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[92:93], v[84:85], v[18:21]
	s_nop 1
	ds_read_b128 v[70:73], v36 offset:8192
	ds_read_b128 v[82:85], v36 offset:12288
	v_mfma_f32_16x16x16_bf16 v[22:25], v[92:93], v[100:101], v[22:25]
	s_waitcnt vmcnt(5) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[70:71], v[74:75], v[26:29]
	s_waitcnt vmcnt(4)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[70:71], v[102:103], v[30:33]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[82:83], v[74:75], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[82:83], v[102:103], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[72:73], v[76:77], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[72:73], v[104:105], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[84:85], v[76:77], v[18:21]
	ds_read_b128 v[70:73], v35 offset:8192
	ds_read_b128 v[74:77], v35 offset:12288
	v_mfma_f32_16x16x16_bf16 v[22:25], v[84:85], v[104:105], v[22:25]
	ds_read_b128 v[82:85], v34 offset:8192
	ds_read_b128 v[86:89], v34 offset:12288
	s_waitcnt vmcnt(3) lgkmcnt(3)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[70:71], v[106:107], v[26:29]
	s_waitcnt vmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[70:71], v[110:111], v[30:33]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[74:75], v[106:107], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[74:75], v[110:111], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[72:73], v[108:109], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[72:73], v[112:113], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[76:77], v[108:109], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[76:77], v[112:113], v[22:25]
	s_waitcnt vmcnt(1) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[82:83], v[78:79], v[26:29]
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[82:83], v[114:115], v[30:33]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[86:87], v[78:79], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[86:87], v[114:115], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[84:85], v[80:81], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[84:85], v[116:117], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[88:89], v[80:81], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[88:89], v[116:117], v[74:77]
	s_cbranch_execnz .LBB3_8
.LBB3_7:
	s_nop 5
	ds_read_b128 v[18:21], v37
	ds_read_b128 v[22:25], v37 offset:4096
	s_waitcnt vmcnt(3) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[18:19], v[62:63], v[10:13]
	s_waitcnt vmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[18:19], v[66:67], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[22:23], v[62:63], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[22:23], v[66:67], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[20:21], v[64:65], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[20:21], v[68:69], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[24:25], v[64:65], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[24:25], v[68:69], v[6:9]
	ds_read_b128 v[18:21], v36
	ds_read_b128 v[22:25], v36 offset:4096
	s_waitcnt vmcnt(1) lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[18:19], v[54:55], v[10:13]
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[18:19], v[58:59], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[22:23], v[54:55], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[22:23], v[58:59], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[20:21], v[56:57], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[20:21], v[60:61], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[24:25], v[56:57], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[24:25], v[60:61], v[6:9]
	ds_read_b128 v[18:21], v35
	ds_read_b128 v[22:25], v35 offset:4096
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[18:19], v[46:47], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[18:19], v[50:51], v[14:17]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[22:23], v[46:47], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[20:21], v[48:49], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[20:21], v[52:53], v[14:17]
	ds_read_b128 v[18:21], v34
	ds_read_b128 v[34:37], v34 offset:4096
	v_mfma_f32_16x16x16_bf16 v[2:5], v[24:25], v[48:49], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[22:23], v[50:51], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[24:25], v[52:53], v[6:9]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[18:19], v[38:39], v[10:13]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[34:35], v[38:39], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[20:21], v[40:41], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[18:19], v[42:43], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[36:37], v[40:41], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[34:35], v[42:43], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[20:21], v[44:45], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[36:37], v[44:45], v[2:5]
.LBB3_8:
	s_nop 4
	v_lshrrev_b32_e32 v2, 2, v0
	v_and_b32_e32 v2, 12, v2
	v_lshl_or_b32 v2, s2, 5, v2
	s_lshl_b32 s0, s3, 7
	v_lshlrev_b32_e32 v1, 5, v1
	v_and_b32_e32 v0, 15, v0
	v_or3_b32 v0, v0, s0, v1
	v_mul_lo_u32 v3, v2, s20
	s_and_b32 s5, s5, 0xffff
	s_mov_b32 s7, 0x20000
	s_brev_b32 s6, -2
	v_lshrrev_b32_e32 v4, 16, v30
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 1, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 2, v2
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 3, v2
	v_mul_lo_u32 v7, v7, s20
	v_or_b32_e32 v1, 16, v0
	v_add_lshl_u32 v8, v0, v7, 1
	buffer_store_short v4, v8, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v26
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 16, v2
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v22
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 17, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 18, v2
	v_or_b32_e32 v2, 19, v2
	v_mul_lo_u32 v6, v6, s20
	v_mul_lo_u32 v2, v2, s20
	v_add_lshl_u32 v7, v0, v6, 1
	v_add_lshl_u32 v0, v0, v2, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	buffer_store_short v4, v0, s[4:7], 0 offen
	v_lshrrev_b32_e32 v0, 16, v18
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	v_add_lshl_u32 v1, v1, v2, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	buffer_store_short v0, v1, s[4:7], 0 offen
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel preshuffle_bf16_m32n128k128_swz1_hint0
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
		.amdhsa_next_free_vgpr 118
		.amdhsa_next_free_sgpr 96
		.amdhsa_accum_offset 120
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
.Lfunc_end3:
	.size	preshuffle_bf16_m32n128k128_swz1_hint0, .Lfunc_end3-preshuffle_bf16_m32n128k128_swz1_hint0
                                        ; -- End function
	.set preshuffle_bf16_m32n128k128_swz1_hint0.num_vgpr, 118
	.set preshuffle_bf16_m32n128k128_swz1_hint0.num_agpr, 0
	.set preshuffle_bf16_m32n128k128_swz1_hint0.numbered_sgpr, 22
	.set preshuffle_bf16_m32n128k128_swz1_hint0.num_named_barrier, 0
	.set preshuffle_bf16_m32n128k128_swz1_hint0.private_seg_size, 0
	.set preshuffle_bf16_m32n128k128_swz1_hint0.uses_vcc, 1
	.set preshuffle_bf16_m32n128k128_swz1_hint0.uses_flat_scratch, 0
	.set preshuffle_bf16_m32n128k128_swz1_hint0.has_dyn_sized_stack, 0
	.set preshuffle_bf16_m32n128k128_swz1_hint0.has_recursion, 0
	.set preshuffle_bf16_m32n128k128_swz1_hint0.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 3372
; TotalNumSgprs: 28
; NumVgprs: 118
; NumAgprs: 0
; TotalNumVgprs: 118
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 16384 bytes/workgroup (compile time only)
; SGPRBlocks: 12
; VGPRBlocks: 14
; NumSGPRsForWavesPerEU: 102
; NumVGPRsForWavesPerEU: 118
; AccumOffset: 120
; Occupancy: 4
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 29
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	preshuffle_bf16_m32n128k128_swz0_hint1 ; -- Begin function preshuffle_bf16_m32n128k128_swz0_hint1
	.globl	preshuffle_bf16_m32n128k128_swz0_hint1
	.p2align	8
	.type	preshuffle_bf16_m32n128k128_swz0_hint1,@function
preshuffle_bf16_m32n128k128_swz0_hint1: ; @preshuffle_bf16_m32n128k128_swz0_hint1
; %bb.0:
	s_load_dwordx2 s[20:21], s[0:1], 0x1c
	s_load_dwordx4 s[8:11], s[0:1], 0x0
	s_load_dwordx2 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v22, 4, v0
	v_and_b32_e32 v2, 0xf0, v22
	s_waitcnt lgkmcnt(0)
	s_lshl_b32 s6, s21, 1
	s_mul_hi_i32 s1, s2, s6
	s_mul_i32 s0, s2, s6
	s_lshl_b64 s[0:1], s[0:1], 5
	s_add_u32 s16, s8, s0
	s_addc_u32 s0, s9, s1
	v_lshrrev_b32_e32 v1, 4, v0
	s_and_b32 s17, s0, 0xffff
	v_mad_u64_u32 v[18:19], s[0:1], s6, v1, v[2:3]
	v_or_b32_e32 v3, 0x1000, v22
	v_lshrrev_b32_e32 v1, 8, v3
	v_mad_u64_u32 v[20:21], s[0:1], s6, v1, v[2:3]
	s_ashr_i32 s0, s21, 31
	s_lshr_b32 s1, s0, 27
	s_add_i32 s1, s21, s1
	v_lshrrev_b32_e32 v1, 6, v0
	s_lshl_b32 s6, s3, 3
	s_lshl_b32 s1, s1, 5
	v_lshl_or_b32 v4, v1, 1, s6
	s_and_b32 s1, s1, 0xfffffc00
	v_and_b32_e32 v5, 0x3f0, v22
	v_mul_lo_u32 v4, s1, v4
	s_mov_b32 s19, 0x20000
	s_brev_b32 s18, -2
	v_or_b32_e32 v21, v4, v5
	v_add_u32_e32 v4, s1, v4
	s_and_b32 s13, s11, 0xffff
	s_mov_b32 s12, s10
	s_mov_b32 s14, s18
	s_mov_b32 s15, s19
	v_or_b32_e32 v23, v4, v5
	buffer_load_dwordx4 v[6:9], v18, s[16:19], 0 offen
	buffer_load_dwordx4 v[10:13], v20, s[16:19], 0 offen
	buffer_load_dwordx4 v[60:63], v21, s[12:15], 0 offen
	buffer_load_dwordx4 v[52:55], v21, s[12:15], 0 offen offset:1024
	buffer_load_dwordx4 v[64:67], v23, s[12:15], 0 offen
	buffer_load_dwordx4 v[56:59], v23, s[12:15], 0 offen offset:1024
	buffer_load_dwordx4 v[44:47], v21, s[12:15], 0 offen offset:2048
	buffer_load_dwordx4 v[40:43], v21, s[12:15], 0 offen offset:3072
	buffer_load_dwordx4 v[48:51], v23, s[12:15], 0 offen offset:2048
	buffer_load_dwordx4 v[36:39], v23, s[12:15], 0 offen offset:3072
	s_lshr_b32 s0, s0, 25
	s_add_i32 s0, s21, s0
	s_ashr_i32 s0, s0, 7
	s_movk_i32 s8, 0x1f00
	v_lshl_or_b32 v4, v0, 8, v0
	s_add_i32 s0, s0, -1
	s_mov_b32 s7, 1
	s_movk_i32 s1, 0x1000
	s_mov_b32 s6, 0
	v_and_b32_e32 v34, 0xf30, v4
	v_and_or_b32 v19, v3, s8, v2
	s_cmpk_lt_i32 s21, 0x180
	v_or_b32_e32 v27, 0x400, v21
	v_add_u32_e32 v26, 0x800, v21
	v_add_u32_e32 v25, 0xc00, v21
	v_add_u32_e32 v28, 0x400, v23
	v_add_u32_e32 v24, 0x800, v23
	v_add_u32_e32 v29, 0xc00, v23
	s_waitcnt vmcnt(9)
	ds_write_b128 v22, v[6:9]
	s_waitcnt vmcnt(8)
	ds_write_b128 v19, v[10:13]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB4_5
; %bb.1:
	s_lshr_b32 s7, s0, 31
	s_add_i32 s7, s0, s7
	s_ashr_i32 s7, s7, 1
	s_max_i32 s7, s7, 1
	s_lshl_b32 s7, s7, 1
	s_movk_i32 s8, 0x100
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v13, 0
	s_mov_b32 s12, s10
	s_mov_b32 s14, s18
	s_mov_b32 s15, s19
.LBB4_2:                                ; =>This Inner Loop Header: Depth=1
	buffer_load_dwordx4 v[30:33], v18, s[16:19], s8 offen
	ds_read_b128 v[68:71], v34
	s_add_i32 s9, s8, 0x100
                                        ; kill: killed $sgpr9
	s_add_i32 s6, s6, 2
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt vmcnt(1) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[68:69], v[60:61], v[10:13]
	s_waitcnt vmcnt(0)
	ds_write_b128 v22, v[30:33] offset:8192
	v_mfma_f32_16x16x16_bf16 v[10:13], v[70:71], v[62:63], v[10:13]
	buffer_load_dwordx4 v[72:75], v20, s[16:19], s8 offen
	s_addk_i32 s8, 0x200
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(0)
	ds_write_b128 v19, v[72:75] offset:8192
	v_mfma_f32_16x16x16_bf16 v[6:9], v[68:69], v[64:65], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[70:71], v[66:67], v[6:9]
	ds_read_b128 v[68:71], v34 offset:4096
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[68:69], v[60:61], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[70:71], v[62:63], v[2:5]
	buffer_load_dwordx4 v[60:63], v21, s[12:15], s1 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[68:69], v[64:65], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[70:71], v[66:67], v[14:17]
	ds_read_b128 v[64:67], v34 offset:64
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[64:65], v[52:53], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[66:67], v[54:55], v[10:13]
	buffer_load_dwordx4 v[68:71], v23, s[12:15], s1 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[64:65], v[56:57], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[66:67], v[58:59], v[6:9]
	ds_read_b128 v[64:67], v34 offset:4160
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[64:65], v[52:53], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[66:67], v[54:55], v[2:5]
	buffer_load_dwordx4 v[52:55], v27, s[12:15], s1 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[64:65], v[56:57], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[66:67], v[58:59], v[14:17]
	ds_read_b128 v[56:59], v34 offset:128
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[56:57], v[44:45], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[58:59], v[46:47], v[10:13]
	buffer_load_dwordx4 v[76:79], v28, s[12:15], s1 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[56:57], v[48:49], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[58:59], v[50:51], v[6:9]
	ds_read_b128 v[56:59], v34 offset:4224
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[56:57], v[44:45], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[58:59], v[46:47], v[2:5]
	buffer_load_dwordx4 v[44:47], v26, s[12:15], s1 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[56:57], v[48:49], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[58:59], v[50:51], v[14:17]
	ds_read_b128 v[48:51], v34 offset:192
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[48:49], v[40:41], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[50:51], v[42:43], v[10:13]
	buffer_load_dwordx4 v[80:83], v24, s[12:15], s1 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[48:49], v[36:37], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[50:51], v[38:39], v[6:9]
	ds_read_b128 v[48:51], v34 offset:4288
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[48:49], v[40:41], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[50:51], v[42:43], v[2:5]
	buffer_load_dwordx4 v[84:87], v25, s[12:15], s1 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[48:49], v[36:37], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[50:51], v[38:39], v[14:17]
	buffer_load_dwordx4 v[30:33], v29, s[12:15], s1 offen
	s_barrier
	ds_read_b128 v[92:95], v34 offset:8384
	ds_read_b128 v[56:59], v34 offset:8192
	s_waitcnt vmcnt(7) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[56:57], v[60:61], v[10:13]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[58:59], v[62:63], v[10:13]
	ds_read_b128 v[64:67], v34 offset:8256
	s_waitcnt vmcnt(5) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[64:65], v[52:53], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[66:67], v[54:55], v[10:13]
	ds_read_b128 v[88:91], v34 offset:8320
	s_waitcnt vmcnt(3) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[88:89], v[44:45], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[90:91], v[46:47], v[10:13]
	s_waitcnt vmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[92:93], v[84:85], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[94:95], v[86:87], v[10:13]
	ds_read_b128 v[36:39], v34 offset:12288
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[36:37], v[68:69], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[38:39], v[70:71], v[14:17]
	ds_read_b128 v[40:43], v34 offset:12352
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[40:41], v[76:77], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[42:43], v[78:79], v[14:17]
	ds_read_b128 v[48:51], v34 offset:12416
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[48:49], v[80:81], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[50:51], v[82:83], v[14:17]
	ds_read_b128 v[72:75], v34 offset:12480
	buffer_load_dwordx4 v[96:99], v18, s[16:19], s9 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt vmcnt(0)
	ds_write_b128 v22, v[96:99]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[36:37], v[60:61], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[38:39], v[62:63], v[2:5]
	buffer_load_dwordx4 v[100:103], v20, s[16:19], s9 offen
	s_add_i32 s9, s1, 0x1000
	buffer_load_dwordx4 v[36:39], v29, s[12:15], s9 offen
	v_mfma_f32_16x16x16_bf16 v[2:5], v[40:41], v[52:53], v[2:5]
	s_addk_i32 s1, 0x2000
	s_cmp_eq_u32 s7, s6
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt vmcnt(1)
	ds_write_b128 v19, v[100:103]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[42:43], v[54:55], v[2:5]
	buffer_load_dwordx4 v[40:43], v25, s[12:15], s9 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[56:57], v[68:69], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[58:59], v[70:71], v[6:9]
	buffer_load_dwordx4 v[56:59], v28, s[12:15], s9 offen
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[48:49], v[44:45], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[50:51], v[46:47], v[2:5]
	buffer_load_dwordx4 v[52:55], v27, s[12:15], s9 offen
	buffer_load_dwordx4 v[44:47], v26, s[12:15], s9 offen
	buffer_load_dwordx4 v[48:51], v24, s[12:15], s9 offen
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[72:73], v[84:85], v[2:5]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[74:75], v[86:87], v[2:5]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[64:65], v[76:77], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[66:67], v[78:79], v[6:9]
	buffer_load_dwordx4 v[64:67], v23, s[12:15], s9 offen
	buffer_load_dwordx4 v[60:63], v21, s[12:15], s9 offen
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[88:89], v[80:81], v[6:9]
	s_barrier
	v_mfma_f32_16x16x16_bf16 v[6:9], v[90:91], v[82:83], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[92:93], v[30:31], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[72:73], v[30:31], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[94:95], v[32:33], v[6:9]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[74:75], v[32:33], v[14:17]
	s_cbranch_scc0 .LBB4_2
; %bb.3:
	s_or_b32 s7, s7, 1
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccnz .LBB4_6
.LBB4_4:
                                        ; implicit-def: $vgpr30_vgpr31_vgpr32_vgpr33
                                        ; implicit-def: $vgpr26_vgpr27_vgpr28_vgpr29
                                        ; implicit-def: $vgpr18_vgpr19_vgpr20_vgpr21
                                        ; implicit-def: $vgpr22_vgpr23_vgpr24_vgpr25
	s_branch .LBB4_7
.LBB4_5:
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v14, 0
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccz .LBB4_4
.LBB4_6:
	s_lshl_b32 s0, s7, 8
	buffer_load_dwordx4 v[76:79], v18, s[16:19], s0 offen
	ds_read_b128 v[30:33], v34
	buffer_load_dwordx4 v[80:83], v20, s[16:19], s0 offen
	ds_read_b128 v[116:119], v34 offset:4096
                                        ; kill: killed $sgpr0
	s_lshl_b32 s0, s7, 12
	s_mov_b32 s12, s10
	s_mov_b32 s14, s18
	s_mov_b32 s15, s19
                                        ; kill: killed $vgpr27
                                        ; kill: killed $vgpr26
                                        ; kill: killed $vgpr25
                                        ; kill: killed $vgpr24
                                        ; kill: killed $vgpr29
                                        ; kill: killed $vgpr28
                                        ; kill: killed $vgpr20
                                        ; kill: killed $vgpr18
                                        ; kill: killed $vgpr23
                                        ; kill: killed $vgpr21
                                        ; kill: killed $sgpr16_sgpr17
                                        ; kill: killed $sgpr0
                                        ; kill: killed $sgpr12_sgpr13_sgpr14 killed $sgpr15
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt vmcnt(2) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[68:71], v[116:117], v[60:61], v[2:5]
	s_waitcnt vmcnt(1)
	ds_write_b128 v22, v[76:79] offset:8192
	v_mfma_f32_16x16x16_bf16 v[68:71], v[118:119], v[62:63], v[68:71]
	buffer_load_dwordx4 v[84:87], v21, s[12:15], s0 offen
	s_waitcnt vmcnt(1)
	ds_write_b128 v19, v[80:83] offset:8192
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[72:75], v[116:117], v[64:65], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[72:75], v[118:119], v[66:67], v[72:75]
	ds_read_b128 v[116:119], v34 offset:64
	buffer_load_dwordx4 v[88:91], v23, s[12:15], s0 offen
	buffer_load_dwordx4 v[92:95], v27, s[12:15], s0 offen
	buffer_load_dwordx4 v[96:99], v28, s[12:15], s0 offen
	buffer_load_dwordx4 v[100:103], v26, s[12:15], s0 offen
	buffer_load_dwordx4 v[104:107], v24, s[12:15], s0 offen
	buffer_load_dwordx4 v[108:111], v25, s[12:15], s0 offen
	v_mfma_f32_16x16x16_bf16 v[24:27], v[30:31], v[60:61], v[10:13]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[24:27], v[32:33], v[62:63], v[24:27]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[24:27], v[116:117], v[52:53], v[24:27]
	v_mfma_f32_16x16x16_bf16 v[24:27], v[118:119], v[54:55], v[24:27]
	buffer_load_dwordx4 v[112:115], v29, s[12:15], s0 offen
	v_mfma_f32_16x16x16_bf16 v[28:31], v[30:31], v[64:65], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[28:31], v[32:33], v[66:67], v[28:31]
	v_mfma_f32_16x16x16_bf16 v[28:31], v[116:117], v[56:57], v[28:31]
	v_mfma_f32_16x16x16_bf16 v[28:31], v[118:119], v[58:59], v[28:31]
	ds_read_b128 v[116:119], v34 offset:4160
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[68:71], v[116:117], v[52:53], v[68:71]
	v_mfma_f32_16x16x16_bf16 v[68:71], v[118:119], v[54:55], v[68:71]
	v_mfma_f32_16x16x16_bf16 v[72:75], v[116:117], v[56:57], v[72:75]
	v_mfma_f32_16x16x16_bf16 v[72:75], v[118:119], v[58:59], v[72:75]
	ds_read_b128 v[116:119], v34 offset:128
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[24:27], v[116:117], v[44:45], v[24:27]
	v_mfma_f32_16x16x16_bf16 v[24:27], v[118:119], v[46:47], v[24:27]
	v_mfma_f32_16x16x16_bf16 v[28:31], v[116:117], v[48:49], v[28:31]
	v_mfma_f32_16x16x16_bf16 v[28:31], v[118:119], v[50:51], v[28:31]
	ds_read_b128 v[116:119], v34 offset:4224
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[68:71], v[116:117], v[44:45], v[68:71]
	v_mfma_f32_16x16x16_bf16 v[68:71], v[118:119], v[46:47], v[68:71]
	v_mfma_f32_16x16x16_bf16 v[72:75], v[116:117], v[48:49], v[72:75]
	v_mfma_f32_16x16x16_bf16 v[72:75], v[118:119], v[50:51], v[72:75]
	ds_read_b128 v[116:119], v34 offset:192
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[24:27], v[116:117], v[40:41], v[24:27]
	v_mfma_f32_16x16x16_bf16 v[24:27], v[118:119], v[42:43], v[24:27]
	v_mfma_f32_16x16x16_bf16 v[28:31], v[116:117], v[36:37], v[28:31]
	v_mfma_f32_16x16x16_bf16 v[28:31], v[118:119], v[38:39], v[28:31]
	ds_read_b128 v[116:119], v34 offset:4288
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b128 v[76:79], v34 offset:8192
	s_waitcnt vmcnt(7) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[76:77], v[84:85], v[24:27]
	s_waitcnt vmcnt(6)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[76:77], v[88:89], v[28:31]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[78:79], v[90:91], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[78:79], v[86:87], v[18:21]
	ds_read_b128 v[76:79], v34 offset:12288
	v_mfma_f32_16x16x16_bf16 v[68:71], v[116:117], v[40:41], v[68:71]
	v_mfma_f32_16x16x16_bf16 v[68:71], v[118:119], v[42:43], v[68:71]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[76:77], v[84:85], v[68:71]
	s_nop 4
	ds_read_b128 v[68:71], v34 offset:8256
	v_mfma_f32_16x16x16_bf16 v[72:75], v[116:117], v[36:37], v[72:75]
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(5) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[68:69], v[92:93], v[18:21]
	s_waitcnt vmcnt(4)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[68:69], v[96:97], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[72:75], v[118:119], v[38:39], v[72:75]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[70:71], v[94:95], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[70:71], v[98:99], v[22:25]
	ds_read_b128 v[68:71], v34 offset:12352
	v_mfma_f32_16x16x16_bf16 v[30:33], v[76:77], v[88:89], v[72:75]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[78:79], v[86:87], v[26:29]
	s_nop 1
	ds_read_b128 v[72:75], v34 offset:12416
	v_mfma_f32_16x16x16_bf16 v[30:33], v[78:79], v[90:91], v[30:33]
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[68:69], v[92:93], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[68:69], v[96:97], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[70:71], v[94:95], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[70:71], v[98:99], v[30:33]
	ds_read_b128 v[68:71], v34 offset:8320
	s_waitcnt vmcnt(3) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[68:69], v[100:101], v[18:21]
	s_waitcnt vmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[68:69], v[104:105], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[70:71], v[102:103], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[68:71], v[70:71], v[106:107], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[72:73], v[100:101], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[74:75], v[102:103], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[72:73], v[104:105], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[74:75], v[106:107], v[22:25]
	ds_read_b128 v[72:75], v34 offset:8384
	s_waitcnt vmcnt(1) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[72:73], v[108:109], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[74:75], v[110:111], v[18:21]
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[72:73], v[112:113], v[68:71]
	s_nop 2
	ds_read_b128 v[68:71], v34 offset:12480
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[24:27], v[68:69], v[108:109], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[70:71], v[110:111], v[24:27]
	v_mfma_f32_16x16x16_bf16 v[28:31], v[68:69], v[112:113], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[74:75], v[114:115], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[70:71], v[114:115], v[28:31]
	s_cbranch_execnz .LBB4_8
.LBB4_7:
	s_nop 4
	ds_read_b128 v[18:21], v34 offset:4096
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[18:19], v[60:61], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[20:21], v[62:63], v[2:5]
	ds_read_b128 v[22:25], v34 offset:4160
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[22:23], v[52:53], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[24:25], v[54:55], v[2:5]
	ds_read_b128 v[26:29], v34 offset:4224
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[26:27], v[44:45], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[28:29], v[46:47], v[2:5]
	ds_read_b128 v[68:71], v34 offset:4288
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[68:69], v[40:41], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[18:19], v[64:65], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[20:21], v[66:67], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[22:23], v[56:57], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[24:25], v[58:59], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[26:27], v[48:49], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[28:29], v[50:51], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[70:71], v[42:43], v[2:5]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[68:69], v[36:37], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[70:71], v[38:39], v[14:17]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_nop 5
	ds_read_b128 v[14:17], v34
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[14:15], v[60:61], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[16:17], v[62:63], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[14:15], v[64:65], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[16:17], v[66:67], v[6:9]
	ds_read_b128 v[14:17], v34 offset:64
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[14:15], v[52:53], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[16:17], v[54:55], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[14:15], v[56:57], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[16:17], v[58:59], v[6:9]
	ds_read_b128 v[14:17], v34 offset:128
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[14:15], v[44:45], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[16:17], v[46:47], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[14:15], v[48:49], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[16:17], v[50:51], v[6:9]
	ds_read_b128 v[14:17], v34 offset:192
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[14:15], v[36:37], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[16:17], v[38:39], v[6:9]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[14:15], v[40:41], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[16:17], v[42:43], v[10:13]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
.LBB4_8:
	v_lshrrev_b32_e32 v2, 2, v0
	v_and_b32_e32 v2, 12, v2
	v_lshl_or_b32 v2, s2, 5, v2
	s_lshl_b32 s0, s3, 7
	v_lshlrev_b32_e32 v1, 5, v1
	v_and_b32_e32 v0, 15, v0
	v_or3_b32 v0, v0, s0, v1
	v_mul_lo_u32 v3, v2, s20
	s_and_b32 s5, s5, 0xffff
	s_mov_b32 s7, 0x20000
	s_brev_b32 s6, -2
	v_lshrrev_b32_e32 v4, 16, v22
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 1, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 2, v2
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 3, v2
	v_mul_lo_u32 v7, v7, s20
	v_or_b32_e32 v1, 16, v0
	v_add_lshl_u32 v8, v0, v7, 1
	buffer_store_short v4, v8, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v18
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 16, v2
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v26
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 17, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 18, v2
	v_or_b32_e32 v2, 19, v2
	v_mul_lo_u32 v6, v6, s20
	v_mul_lo_u32 v2, v2, s20
	v_add_lshl_u32 v7, v0, v6, 1
	v_add_lshl_u32 v0, v0, v2, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	buffer_store_short v4, v0, s[4:7], 0 offen
	v_lshrrev_b32_e32 v0, 16, v30
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	v_add_lshl_u32 v1, v1, v2, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	buffer_store_short v0, v1, s[4:7], 0 offen
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel preshuffle_bf16_m32n128k128_swz0_hint1
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
		.amdhsa_next_free_vgpr 120
		.amdhsa_next_free_sgpr 96
		.amdhsa_accum_offset 120
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
.Lfunc_end4:
	.size	preshuffle_bf16_m32n128k128_swz0_hint1, .Lfunc_end4-preshuffle_bf16_m32n128k128_swz0_hint1
                                        ; -- End function
	.set preshuffle_bf16_m32n128k128_swz0_hint1.num_vgpr, 120
	.set preshuffle_bf16_m32n128k128_swz0_hint1.num_agpr, 0
	.set preshuffle_bf16_m32n128k128_swz0_hint1.numbered_sgpr, 22
	.set preshuffle_bf16_m32n128k128_swz0_hint1.num_named_barrier, 0
	.set preshuffle_bf16_m32n128k128_swz0_hint1.private_seg_size, 0
	.set preshuffle_bf16_m32n128k128_swz0_hint1.uses_vcc, 1
	.set preshuffle_bf16_m32n128k128_swz0_hint1.uses_flat_scratch, 0
	.set preshuffle_bf16_m32n128k128_swz0_hint1.has_dyn_sized_stack, 0
	.set preshuffle_bf16_m32n128k128_swz0_hint1.has_recursion, 0
	.set preshuffle_bf16_m32n128k128_swz0_hint1.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 3236
; TotalNumSgprs: 28
; NumVgprs: 120
; NumAgprs: 0
; TotalNumVgprs: 120
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 16384 bytes/workgroup (compile time only)
; SGPRBlocks: 12
; VGPRBlocks: 14
; NumSGPRsForWavesPerEU: 102
; NumVGPRsForWavesPerEU: 120
; AccumOffset: 120
; Occupancy: 4
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 29
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.protected	preshuffle_bf16_m128n128k64_swz1_hint1 ; -- Begin function preshuffle_bf16_m128n128k64_swz1_hint1
	.globl	preshuffle_bf16_m128n128k64_swz1_hint1
	.p2align	8
	.type	preshuffle_bf16_m128n128k64_swz1_hint1,@function
preshuffle_bf16_m128n128k64_swz1_hint1: ; @preshuffle_bf16_m128n128k64_swz1_hint1
; %bb.0:
	s_load_dwordx2 s[20:21], s[0:1], 0x1c
	s_load_dwordx4 s[12:15], s[0:1], 0x0
	s_load_dwordx2 s[4:5], s[0:1], 0x10
	v_lshlrev_b32_e32 v3, 4, v0
	v_or_b32_e32 v5, 0x1000, v3
	s_waitcnt lgkmcnt(0)
	s_lshl_b32 s6, s21, 1
	s_mul_hi_i32 s1, s2, s6
	s_mul_i32 s0, s2, s6
	s_lshl_b64 s[0:1], s[0:1], 7
	s_add_u32 s16, s12, s0
	v_or_b32_e32 v7, 0x2000, v3
	v_or_b32_e32 v9, 0x3000, v3
	s_addc_u32 s0, s13, s1
	v_and_b32_e32 v2, 0x70, v3
	v_lshrrev_b32_e32 v4, 3, v0
	v_lshrrev_b32_e32 v6, 7, v5
	v_lshrrev_b32_e32 v8, 7, v7
	v_lshrrev_b32_e32 v10, 7, v9
	s_and_b32 s17, s0, 0xffff
	v_mad_u64_u32 v[72:73], s[0:1], s6, v4, v[2:3]
	v_mad_u64_u32 v[70:71], s[0:1], s6, v6, v[2:3]
	v_mad_u64_u32 v[68:69], s[0:1], s6, v8, v[2:3]
	v_mad_u64_u32 v[66:67], s[0:1], s6, v10, v[2:3]
	s_ashr_i32 s0, s21, 31
	s_lshr_b32 s1, s0, 27
	s_add_i32 s1, s21, s1
	v_lshrrev_b32_e32 v1, 6, v0
	s_lshl_b32 s6, s3, 3
	s_lshl_b32 s1, s1, 5
	v_lshl_or_b32 v11, v1, 1, s6
	s_and_b32 s1, s1, 0xfffffc00
	v_and_b32_e32 v12, 0x3f0, v3
	v_mul_lo_u32 v11, s1, v11
	s_mov_b32 s19, 0x20000
	s_brev_b32 s18, -2
	v_or_b32_e32 v75, v11, v12
	v_add_u32_e32 v11, s1, v11
	s_and_b32 s9, s15, 0xffff
	s_mov_b32 s8, s14
	s_mov_b32 s10, s18
	s_mov_b32 s11, s19
	v_or_b32_e32 v74, v11, v12
	buffer_load_dwordx4 v[14:17], v72, s[16:19], 0 offen
	buffer_load_dwordx4 v[18:21], v70, s[16:19], 0 offen
	buffer_load_dwordx4 v[22:25], v68, s[16:19], 0 offen
	buffer_load_dwordx4 v[26:29], v66, s[16:19], 0 offen
	buffer_load_dwordx4 v[140:143], v75, s[8:11], 0 offen
	buffer_load_dwordx4 v[132:135], v75, s[8:11], 0 offen offset:1024
	buffer_load_dwordx4 v[144:147], v74, s[8:11], 0 offen
	buffer_load_dwordx4 v[136:139], v74, s[8:11], 0 offen offset:1024
	v_and_b32_e32 v11, 48, v0
	v_xor_b32_e32 v4, v4, v0
	s_lshr_b32 s0, s0, 26
	s_movk_i32 s7, 0x70
	v_lshlrev_b32_e32 v12, 7, v0
	v_and_b32_e32 v3, 0xf80, v3
	v_or_b32_e32 v13, 64, v11
	v_lshlrev_b32_e32 v4, 4, v4
	s_add_i32 s0, s21, s0
	v_and_b32_e32 v12, 0x780, v12
	v_xor_b32_e32 v11, v11, v2
	v_xor_b32_e32 v2, v13, v2
	v_and_or_b32 v67, v4, s7, v3
	v_xor_b32_e32 v3, v6, v0
	v_xor_b32_e32 v4, v8, v0
	v_xor_b32_e32 v6, v10, v0
	s_ashr_i32 s0, s0, 6
	v_and_b32_e32 v5, 0x1f80, v5
	v_and_b32_e32 v7, 0x2f80, v7
	v_and_b32_e32 v9, 0x3f80, v9
	v_or_b32_e32 v130, v12, v2
	v_lshlrev_b32_e32 v2, 4, v3
	v_lshlrev_b32_e32 v3, 4, v4
	v_lshlrev_b32_e32 v4, 4, v6
	s_add_i32 s0, s0, -1
	s_mov_b32 s6, 1
	s_mov_b32 s1, 0
	v_or_b32_e32 v131, v12, v11
	v_and_or_b32 v69, v2, s7, v5
	v_and_or_b32 v71, v3, s7, v7
	v_and_or_b32 v73, v4, s7, v9
	s_cmpk_lt_i32 s21, 0xc0
	v_or_b32_e32 v77, 0x400, v75
	v_add_u32_e32 v76, 0x400, v74
	s_waitcnt vmcnt(7)
	ds_write_b128 v67, v[14:17]
	s_waitcnt vmcnt(6)
	ds_write_b128 v69, v[18:21]
	s_waitcnt vmcnt(5)
	ds_write_b128 v71, v[22:25]
	s_waitcnt vmcnt(4)
	ds_write_b128 v73, v[26:29]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB5_5
; %bb.1:
	s_lshr_b32 s6, s0, 31
	s_add_i32 s6, s0, s6
	s_ashr_i32 s6, s6, 1
	s_max_i32 s6, s6, 1
	s_lshl_b32 s6, s6, 1
	s_movk_i32 s7, 0x80
	s_movk_i32 s12, 0x800
	v_mov_b32_e32 v62, 0
	v_mov_b32_e32 v63, 0
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v65, 0
	v_mov_b32_e32 v58, 0
	v_mov_b32_e32 v59, 0
	v_mov_b32_e32 v60, 0
	v_mov_b32_e32 v61, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v25, 0
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v27, 0
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v29, 0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v31, 0
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v33, 0
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v35, 0
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v37, 0
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
	s_mov_b32 s8, s14
	s_mov_b32 s10, s18
	s_mov_b32 s11, s19
.LBB5_2:                                ; =>This Inner Loop Header: Depth=1
	buffer_load_dwordx4 v[86:89], v72, s[16:19], s7 offen
	ds_read_b128 v[78:81], v131
	s_add_i32 s13, s7, 0x80
	s_add_i32 s1, s1, 2
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt vmcnt(4) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[54:57], v[78:79], v[140:141], v[54:57]
	s_waitcnt vmcnt(0)
	ds_write_b128 v67, v[86:89] offset:16384
	v_mfma_f32_16x16x16_bf16 v[54:57], v[80:81], v[142:143], v[54:57]
	buffer_load_dwordx4 v[90:93], v70, s[16:19], s7 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(0)
	ds_write_b128 v69, v[90:93] offset:16384
	v_mfma_f32_16x16x16_bf16 v[50:53], v[78:79], v[144:145], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[80:81], v[146:147], v[50:53]
	ds_read_b128 v[78:81], v131 offset:2048
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[78:79], v[140:141], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[80:81], v[142:143], v[46:49]
	buffer_load_dwordx4 v[94:97], v68, s[16:19], s7 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(0)
	ds_write_b128 v71, v[94:97] offset:16384
	v_mfma_f32_16x16x16_bf16 v[42:45], v[78:79], v[144:145], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[80:81], v[146:147], v[42:45]
	ds_read_b128 v[78:81], v131 offset:4096
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[38:41], v[78:79], v[140:141], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[80:81], v[142:143], v[38:41]
	buffer_load_dwordx4 v[98:101], v66, s[16:19], s7 offen
	s_addk_i32 s7, 0x100
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(0)
	ds_write_b128 v73, v[98:101] offset:16384
	v_mfma_f32_16x16x16_bf16 v[34:37], v[78:79], v[144:145], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[80:81], v[146:147], v[34:37]
	ds_read_b128 v[78:81], v131 offset:6144
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[78:79], v[140:141], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[80:81], v[142:143], v[30:33]
	buffer_load_dwordx4 v[102:105], v75, s[8:11], s12 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[78:79], v[144:145], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[80:81], v[146:147], v[26:29]
	ds_read_b128 v[78:81], v131 offset:8192
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[78:79], v[140:141], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[80:81], v[142:143], v[22:25]
	buffer_load_dwordx4 v[106:109], v74, s[8:11], s12 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[78:79], v[144:145], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[80:81], v[146:147], v[18:21]
	ds_read_b128 v[82:85], v131 offset:10240
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[82:83], v[140:141], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[84:85], v[142:143], v[14:17]
	buffer_load_dwordx4 v[78:81], v77, s[8:11], s12 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[82:83], v[144:145], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[84:85], v[146:147], v[10:13]
	ds_read_b128 v[110:113], v131 offset:12288
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[110:111], v[140:141], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[112:113], v[142:143], v[6:9]
	buffer_load_dwordx4 v[82:85], v76, s[8:11], s12 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[110:111], v[144:145], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[112:113], v[146:147], v[2:5]
	ds_read_b128 v[110:113], v131 offset:14336
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[58:61], v[110:111], v[140:141], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[112:113], v[142:143], v[58:61]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[110:111], v[144:145], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[112:113], v[146:147], v[62:65]
	ds_read_b128 v[110:113], v130
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[54:57], v[110:111], v[132:133], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[112:113], v[134:135], v[54:57]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[110:111], v[136:137], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[112:113], v[138:139], v[50:53]
	ds_read_b128 v[110:113], v130 offset:2048
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[110:111], v[132:133], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[112:113], v[134:135], v[46:49]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[42:45], v[110:111], v[136:137], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[112:113], v[138:139], v[42:45]
	ds_read_b128 v[110:113], v130 offset:4096
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[38:41], v[110:111], v[132:133], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[112:113], v[134:135], v[38:41]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[34:37], v[110:111], v[136:137], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[112:113], v[138:139], v[34:37]
	ds_read_b128 v[110:113], v130 offset:6144
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[110:111], v[132:133], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[112:113], v[134:135], v[30:33]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[110:111], v[136:137], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[112:113], v[138:139], v[26:29]
	ds_read_b128 v[110:113], v130 offset:8192
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[110:111], v[132:133], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[112:113], v[134:135], v[22:25]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[110:111], v[136:137], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[112:113], v[138:139], v[18:21]
	ds_read_b128 v[110:113], v130 offset:10240
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[110:111], v[132:133], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[112:113], v[134:135], v[14:17]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[110:111], v[136:137], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[112:113], v[138:139], v[10:13]
	ds_read_b128 v[110:113], v130 offset:12288
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[110:111], v[132:133], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[112:113], v[134:135], v[6:9]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[110:111], v[136:137], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[112:113], v[138:139], v[2:5]
	ds_read_b128 v[86:89], v130 offset:14336
	s_waitcnt lgkmcnt(0)
	s_barrier
	v_mfma_f32_16x16x16_bf16 v[58:61], v[86:87], v[132:133], v[58:61]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[58:61], v[88:89], v[134:135], v[58:61]
	buffer_load_dwordx4 v[90:93], v72, s[16:19], s13 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(0)
	ds_write_b128 v67, v[90:93]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[86:87], v[136:137], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[88:89], v[138:139], v[62:65]
	ds_read_b128 v[86:89], v131 offset:16384
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[54:57], v[86:87], v[102:103], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[88:89], v[104:105], v[54:57]
	buffer_load_dwordx4 v[94:97], v70, s[16:19], s13 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[86:87], v[106:107], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[88:89], v[108:109], v[50:53]
	ds_read_b128 v[86:89], v131 offset:18432
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[86:87], v[102:103], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[88:89], v[104:105], v[46:49]
	buffer_load_dwordx4 v[98:101], v68, s[16:19], s13 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[42:45], v[86:87], v[106:107], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[88:89], v[108:109], v[42:45]
	ds_read_b128 v[86:89], v131 offset:20480
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[38:41], v[86:87], v[102:103], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[88:89], v[104:105], v[38:41]
	buffer_load_dwordx4 v[110:113], v66, s[16:19], s13 offen
	s_add_i32 s13, s12, 0x800
	s_addk_i32 s12, 0x1000
	v_mfma_f32_16x16x16_bf16 v[34:37], v[86:87], v[106:107], v[34:37]
	s_cmp_eq_u32 s6, s1
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[34:37], v[88:89], v[108:109], v[34:37]
	ds_read_b128 v[86:89], v131 offset:22528
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[86:87], v[102:103], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[88:89], v[104:105], v[30:33]
	buffer_load_dwordx4 v[140:143], v75, s[8:11], s13 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[86:87], v[106:107], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[88:89], v[108:109], v[26:29]
	ds_read_b128 v[86:89], v131 offset:24576
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[86:87], v[102:103], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[88:89], v[104:105], v[22:25]
	buffer_load_dwordx4 v[144:147], v74, s[8:11], s13 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[86:87], v[106:107], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[88:89], v[108:109], v[18:21]
	ds_read_b128 v[86:89], v131 offset:26624
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[86:87], v[102:103], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[88:89], v[104:105], v[14:17]
	buffer_load_dwordx4 v[132:135], v77, s[8:11], s13 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[86:87], v[106:107], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[88:89], v[108:109], v[10:13]
	ds_read_b128 v[86:89], v131 offset:28672
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[86:87], v[102:103], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[88:89], v[104:105], v[6:9]
	buffer_load_dwordx4 v[136:139], v76, s[8:11], s13 offen
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[86:87], v[106:107], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[88:89], v[108:109], v[2:5]
	ds_read_b128 v[86:89], v131 offset:30720
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[58:61], v[86:87], v[102:103], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[88:89], v[104:105], v[58:61]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[86:87], v[106:107], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[88:89], v[108:109], v[62:65]
	ds_read_b128 v[86:89], v130 offset:16384
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[54:57], v[86:87], v[78:79], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[88:89], v[80:81], v[54:57]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[86:87], v[82:83], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[88:89], v[84:85], v[50:53]
	ds_read_b128 v[86:89], v130 offset:18432
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[86:87], v[78:79], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[88:89], v[80:81], v[46:49]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[42:45], v[86:87], v[82:83], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[88:89], v[84:85], v[42:45]
	ds_read_b128 v[86:89], v130 offset:20480
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[38:41], v[86:87], v[78:79], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[88:89], v[80:81], v[38:41]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[34:37], v[86:87], v[82:83], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[88:89], v[84:85], v[34:37]
	ds_read_b128 v[86:89], v130 offset:22528
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[86:87], v[78:79], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[88:89], v[80:81], v[30:33]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[86:87], v[82:83], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[88:89], v[84:85], v[26:29]
	ds_read_b128 v[86:89], v130 offset:24576
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[86:87], v[78:79], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[88:89], v[80:81], v[22:25]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[86:87], v[82:83], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[88:89], v[84:85], v[18:21]
	ds_read_b128 v[86:89], v130 offset:26624
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[86:87], v[78:79], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[88:89], v[80:81], v[14:17]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[86:87], v[82:83], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[88:89], v[84:85], v[10:13]
	ds_read_b128 v[86:89], v130 offset:28672
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[86:87], v[78:79], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[88:89], v[80:81], v[6:9]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[86:87], v[82:83], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[88:89], v[84:85], v[2:5]
	ds_read_b128 v[86:89], v130 offset:30720
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	s_waitcnt vmcnt(6)
	ds_write_b128 v69, v[94:97]
	s_waitcnt vmcnt(5)
	ds_write_b128 v71, v[98:101]
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[58:61], v[86:87], v[78:79], v[58:61]
	s_waitcnt vmcnt(4)
	ds_write_b128 v73, v[110:113]
	s_waitcnt lgkmcnt(0)
	s_barrier
	v_mfma_f32_16x16x16_bf16 v[62:65], v[86:87], v[82:83], v[62:65]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[58:61], v[88:89], v[80:81], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[88:89], v[84:85], v[62:65]
	s_cbranch_scc0 .LBB5_2
; %bb.3:
	s_or_b32 s6, s6, 1
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccnz .LBB5_6
.LBB5_4:
                                        ; implicit-def: $vgpr66_vgpr67_vgpr68_vgpr69
                                        ; implicit-def: $vgpr70_vgpr71_vgpr72_vgpr73
                                        ; implicit-def: $vgpr74_vgpr75_vgpr76_vgpr77
                                        ; implicit-def: $vgpr78_vgpr79_vgpr80_vgpr81
                                        ; implicit-def: $vgpr82_vgpr83_vgpr84_vgpr85
                                        ; implicit-def: $vgpr86_vgpr87_vgpr88_vgpr89
                                        ; implicit-def: $vgpr90_vgpr91_vgpr92_vgpr93
                                        ; implicit-def: $vgpr94_vgpr95_vgpr96_vgpr97
                                        ; implicit-def: $vgpr98_vgpr99_vgpr100_vgpr101
                                        ; implicit-def: $vgpr102_vgpr103_vgpr104_vgpr105
                                        ; implicit-def: $vgpr106_vgpr107_vgpr108_vgpr109
                                        ; implicit-def: $vgpr110_vgpr111_vgpr112_vgpr113
                                        ; implicit-def: $vgpr114_vgpr115_vgpr116_vgpr117
                                        ; implicit-def: $vgpr118_vgpr119_vgpr120_vgpr121
                                        ; implicit-def: $vgpr122_vgpr123_vgpr124_vgpr125
                                        ; implicit-def: $vgpr126_vgpr127_vgpr128_vgpr129
	s_branch .LBB5_7
.LBB5_5:
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
	v_mov_b32_e32 v37, 0
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v35, 0
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v33, 0
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v31, 0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v29, 0
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v27, 0
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v25, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v17, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v61, 0
	v_mov_b32_e32 v60, 0
	v_mov_b32_e32 v59, 0
	v_mov_b32_e32 v58, 0
	v_mov_b32_e32 v65, 0
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v63, 0
	v_mov_b32_e32 v62, 0
	s_bitcmp1_b32 s0, 0
	s_cselect_b64 s[0:1], -1, 0
	s_and_b64 vcc, exec, s[0:1]
	s_cbranch_vccz .LBB5_4
.LBB5_6:
	s_lshl_b32 s0, s6, 7
	buffer_load_dwordx4 v[156:159], v72, s[16:19], s0 offen
	ds_read_b128 v[84:87], v131
	s_mov_b32 s8, s14
	s_mov_b32 s10, s18
	s_mov_b32 s11, s19
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(4) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[84:85], v[140:141], v[54:57]
	s_waitcnt vmcnt(0)
	ds_write_b128 v67, v[156:159] offset:16384
	v_mfma_f32_16x16x16_bf16 v[78:81], v[86:87], v[142:143], v[78:81]
	buffer_load_dwordx4 v[160:163], v70, s[16:19], s0 offen
	s_waitcnt vmcnt(0)
	ds_write_b128 v69, v[160:163] offset:16384
	v_mfma_f32_16x16x16_bf16 v[82:85], v[84:85], v[144:145], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[86:87], v[146:147], v[82:85]
	ds_read_b128 v[92:95], v131 offset:2048
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[86:89], v[92:93], v[140:141], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[94:95], v[142:143], v[86:89]
	buffer_load_dwordx4 v[164:167], v68, s[16:19], s0 offen
	s_waitcnt vmcnt(0)
	ds_write_b128 v71, v[164:167] offset:16384
	v_mfma_f32_16x16x16_bf16 v[90:93], v[92:93], v[144:145], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[94:95], v[146:147], v[90:93]
	ds_read_b128 v[100:103], v131 offset:4096
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[94:97], v[100:101], v[140:141], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[102:103], v[142:143], v[94:97]
	buffer_load_dwordx4 v[168:171], v66, s[16:19], s0 offen
	s_lshl_b32 s0, s6, 11
	s_waitcnt vmcnt(0)
	ds_write_b128 v73, v[168:171] offset:16384
	v_mfma_f32_16x16x16_bf16 v[98:101], v[100:101], v[144:145], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[102:103], v[146:147], v[98:101]
	ds_read_b128 v[108:111], v131 offset:6144
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[102:105], v[108:109], v[140:141], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[110:111], v[142:143], v[102:105]
	buffer_load_dwordx4 v[176:179], v75, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[106:109], v[108:109], v[144:145], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[110:111], v[146:147], v[106:109]
	ds_read_b128 v[116:119], v131 offset:8192
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[110:113], v[116:117], v[140:141], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[118:119], v[142:143], v[110:113]
	buffer_load_dwordx4 v[180:183], v74, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[114:117], v[116:117], v[144:145], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[118:119], v[146:147], v[114:117]
	ds_read_b128 v[124:127], v131 offset:10240
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[118:121], v[124:125], v[140:141], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[126:127], v[142:143], v[118:121]
	buffer_load_dwordx4 v[184:187], v77, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[122:125], v[124:125], v[144:145], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[126:127], v[146:147], v[122:125]
	ds_read_b128 v[148:151], v131 offset:12288
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[126:129], v[148:149], v[140:141], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[150:151], v[142:143], v[126:129]
	buffer_load_dwordx4 v[188:191], v76, s[8:11], s0 offen
	v_mfma_f32_16x16x16_bf16 v[74:77], v[148:149], v[144:145], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[150:151], v[146:147], v[74:77]
	ds_read_b128 v[172:175], v131 offset:14336
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[148:151], v[172:173], v[140:141], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[148:151], v[174:175], v[142:143], v[148:151]
	v_mfma_f32_16x16x16_bf16 v[152:155], v[172:173], v[144:145], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[152:155], v[174:175], v[146:147], v[152:155]
	ds_read_b128 v[172:175], v130
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[172:173], v[132:133], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[174:175], v[134:135], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[172:173], v[136:137], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[174:175], v[138:139], v[82:85]
	ds_read_b128 v[172:175], v130 offset:2048
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[86:89], v[172:173], v[132:133], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[174:175], v[134:135], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[172:173], v[136:137], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[174:175], v[138:139], v[90:93]
	ds_read_b128 v[172:175], v130 offset:4096
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[94:97], v[172:173], v[132:133], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[174:175], v[134:135], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[172:173], v[136:137], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[174:175], v[138:139], v[98:101]
	ds_read_b128 v[172:175], v130 offset:6144
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[102:105], v[172:173], v[132:133], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[174:175], v[134:135], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[172:173], v[136:137], v[106:109]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[174:175], v[138:139], v[106:109]
	ds_read_b128 v[172:175], v130 offset:8192
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[110:113], v[172:173], v[132:133], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[174:175], v[134:135], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[172:173], v[136:137], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[174:175], v[138:139], v[114:117]
	ds_read_b128 v[172:175], v130 offset:10240
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[118:121], v[172:173], v[132:133], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[174:175], v[134:135], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[172:173], v[136:137], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[174:175], v[138:139], v[122:125]
	ds_read_b128 v[172:175], v130 offset:12288
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[126:129], v[172:173], v[132:133], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[174:175], v[134:135], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[172:173], v[136:137], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[174:175], v[138:139], v[74:77]
	ds_read_b128 v[172:175], v130 offset:14336
	s_waitcnt lgkmcnt(0)
	s_barrier
	v_mfma_f32_16x16x16_bf16 v[148:151], v[172:173], v[132:133], v[148:151]
	v_mfma_f32_16x16x16_bf16 v[148:151], v[174:175], v[134:135], v[148:151]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[172:173], v[136:137], v[152:155]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[174:175], v[138:139], v[66:69]
	s_nop 1
	ds_read_b128 v[152:155], v131 offset:16384
	s_waitcnt vmcnt(3) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[152:153], v[176:177], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[154:155], v[178:179], v[70:73]
	s_waitcnt vmcnt(2)
	v_mfma_f32_16x16x16_bf16 v[78:81], v[152:153], v[180:181], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[154:155], v[182:183], v[78:81]
	ds_read_b128 v[152:155], v131 offset:18432
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[82:85], v[152:153], v[176:177], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[154:155], v[178:179], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[152:153], v[180:181], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[154:155], v[182:183], v[86:89]
	ds_read_b128 v[152:155], v131 offset:20480
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[90:93], v[152:153], v[176:177], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[154:155], v[178:179], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[152:153], v[180:181], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[154:155], v[182:183], v[94:97]
	ds_read_b128 v[152:155], v131 offset:22528
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[98:101], v[152:153], v[176:177], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[154:155], v[178:179], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[152:153], v[180:181], v[106:109]
	v_mfma_f32_16x16x16_bf16 v[152:155], v[154:155], v[182:183], v[102:105]
	s_nop 1
	ds_read_b128 v[106:109], v131 offset:24576
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[102:105], v[106:107], v[176:177], v[110:113]
	v_mfma_f32_16x16x16_bf16 v[156:159], v[108:109], v[178:179], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[106:107], v[180:181], v[114:117]
	v_mfma_f32_16x16x16_bf16 v[160:163], v[108:109], v[182:183], v[102:105]
	ds_read_b128 v[106:109], v131 offset:26624
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[102:105], v[106:107], v[176:177], v[118:121]
	v_mfma_f32_16x16x16_bf16 v[164:167], v[108:109], v[178:179], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[106:107], v[180:181], v[122:125]
	v_mfma_f32_16x16x16_bf16 v[168:171], v[108:109], v[182:183], v[102:105]
	ds_read_b128 v[106:109], v131 offset:28672
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[102:105], v[106:107], v[176:177], v[126:129]
	v_mfma_f32_16x16x16_bf16 v[172:175], v[108:109], v[178:179], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[106:107], v[180:181], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[108:109], v[182:183], v[74:77]
	ds_read_b128 v[106:109], v131 offset:30720
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[102:105], v[106:107], v[176:177], v[148:151]
	v_mfma_f32_16x16x16_bf16 v[148:151], v[108:109], v[178:179], v[102:105]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[106:107], v[180:181], v[66:69]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[108:109], v[182:183], v[66:69]
	s_nop 3
	ds_read_b128 v[102:105], v130 offset:16384
	s_waitcnt vmcnt(1) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[102:103], v[184:185], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[104:105], v[186:187], v[70:73]
	s_waitcnt vmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[102:103], v[188:189], v[78:81]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[104:105], v[190:191], v[70:73]
	s_nop 1
	ds_read_b128 v[78:81], v130 offset:18432
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[78:79], v[184:185], v[82:85]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[80:81], v[186:187], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[78:79], v[188:189], v[86:89]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[80:81], v[190:191], v[70:73]
	ds_read_b128 v[78:81], v130 offset:20480
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[78:79], v[184:185], v[90:93]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[80:81], v[186:187], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[78:79], v[188:189], v[94:97]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[80:81], v[190:191], v[70:73]
	ds_read_b128 v[78:81], v130 offset:22528
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[78:79], v[184:185], v[98:101]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[80:81], v[186:187], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[78:79], v[188:189], v[152:155]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[80:81], v[190:191], v[70:73]
	ds_read_b128 v[78:81], v130 offset:24576
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[78:79], v[184:185], v[156:159]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[80:81], v[186:187], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[78:79], v[188:189], v[160:163]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[80:81], v[190:191], v[70:73]
	ds_read_b128 v[78:81], v130 offset:26624
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[78:79], v[184:185], v[164:167]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[80:81], v[186:187], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[78:79], v[188:189], v[168:171]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[80:81], v[190:191], v[70:73]
	ds_read_b128 v[152:155], v130 offset:28672
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[152:153], v[184:185], v[172:175]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[154:155], v[186:187], v[70:73]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[152:153], v[188:189], v[74:77]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[154:155], v[190:191], v[70:73]
	ds_read_b128 v[152:155], v130 offset:30720
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[70:73], v[152:153], v[184:185], v[148:151]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[154:155], v[186:187], v[70:73]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[66:69], v[152:153], v[188:189], v[66:69]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[66:69], v[154:155], v[190:191], v[66:69]
	s_cbranch_execnz .LBB5_8
.LBB5_7:
	s_nop 3
	ds_read_b128 v[70:73], v131 offset:14336
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	s_waitcnt vmcnt(1) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[70:71], v[144:145], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[62:65], v[72:73], v[146:147], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[70:71], v[140:141], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[58:61], v[72:73], v[142:143], v[58:61]
	ds_read_b128 v[148:151], v130 offset:14336
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[62:65], v[148:149], v[136:137], v[62:65]
	v_mfma_f32_16x16x16_bf16 v[66:69], v[150:151], v[138:139], v[62:65]
	s_nop 5
	ds_read_b128 v[62:65], v131
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[54:57], v[62:63], v[140:141], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[54:57], v[64:65], v[142:143], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[62:63], v[144:145], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[50:53], v[64:65], v[146:147], v[50:53]
	ds_read_b128 v[62:65], v131 offset:2048
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[62:63], v[140:141], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[46:49], v[64:65], v[142:143], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[62:63], v[144:145], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[42:45], v[64:65], v[146:147], v[42:45]
	ds_read_b128 v[62:65], v131 offset:4096
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[38:41], v[62:63], v[140:141], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[38:41], v[64:65], v[142:143], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[62:63], v[144:145], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[34:37], v[64:65], v[146:147], v[34:37]
	ds_read_b128 v[62:65], v131 offset:6144
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[62:63], v[140:141], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[30:33], v[64:65], v[142:143], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[62:63], v[144:145], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[26:29], v[64:65], v[146:147], v[26:29]
	ds_read_b128 v[62:65], v131 offset:8192
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[62:63], v[140:141], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[22:25], v[64:65], v[142:143], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[62:63], v[144:145], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[18:21], v[64:65], v[146:147], v[18:21]
	ds_read_b128 v[62:65], v131 offset:10240
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[62:63], v[140:141], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[14:17], v[64:65], v[142:143], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[62:63], v[144:145], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[10:13], v[64:65], v[146:147], v[10:13]
	ds_read_b128 v[62:65], v131 offset:12288
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[62:63], v[140:141], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[6:9], v[64:65], v[142:143], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[62:63], v[144:145], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[64:65], v[146:147], v[2:5]
	ds_read_b128 v[62:65], v130
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[50:53], v[62:63], v[136:137], v[50:53]
	v_mfma_f32_16x16x16_bf16 v[122:125], v[64:65], v[138:139], v[50:53]
	s_nop 5
	ds_read_b128 v[50:53], v130 offset:2048
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[42:45], v[50:51], v[136:137], v[42:45]
	v_mfma_f32_16x16x16_bf16 v[114:117], v[52:53], v[138:139], v[42:45]
	s_nop 5
	ds_read_b128 v[42:45], v130 offset:4096
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[34:37], v[42:43], v[136:137], v[34:37]
	v_mfma_f32_16x16x16_bf16 v[106:109], v[44:45], v[138:139], v[34:37]
	s_nop 5
	ds_read_b128 v[34:37], v130 offset:6144
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[26:29], v[34:35], v[136:137], v[26:29]
	v_mfma_f32_16x16x16_bf16 v[98:101], v[36:37], v[138:139], v[26:29]
	s_nop 5
	ds_read_b128 v[26:29], v130 offset:8192
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[18:21], v[26:27], v[136:137], v[18:21]
	v_mfma_f32_16x16x16_bf16 v[90:93], v[28:29], v[138:139], v[18:21]
	s_nop 5
	ds_read_b128 v[18:21], v130 offset:10240
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[10:13], v[18:19], v[136:137], v[10:13]
	v_mfma_f32_16x16x16_bf16 v[82:85], v[20:21], v[138:139], v[10:13]
	s_nop 5
	ds_read_b128 v[10:13], v130 offset:12288
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_16x16x16_bf16 v[2:5], v[10:11], v[136:137], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[74:77], v[12:13], v[138:139], v[2:5]
	v_mfma_f32_16x16x16_bf16 v[2:5], v[148:149], v[132:133], v[58:61]
	v_mfma_f32_16x16x16_bf16 v[70:73], v[150:151], v[134:135], v[2:5]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[54:57], v[62:63], v[132:133], v[54:57]
	v_mfma_f32_16x16x16_bf16 v[126:129], v[64:65], v[134:135], v[54:57]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[46:49], v[50:51], v[132:133], v[46:49]
	v_mfma_f32_16x16x16_bf16 v[118:121], v[52:53], v[134:135], v[46:49]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[38:41], v[42:43], v[132:133], v[38:41]
	v_mfma_f32_16x16x16_bf16 v[110:113], v[44:45], v[134:135], v[38:41]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[30:33], v[34:35], v[132:133], v[30:33]
	v_mfma_f32_16x16x16_bf16 v[102:105], v[36:37], v[134:135], v[30:33]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[22:25], v[26:27], v[132:133], v[22:25]
	v_mfma_f32_16x16x16_bf16 v[94:97], v[28:29], v[134:135], v[22:25]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[14:17], v[18:19], v[132:133], v[14:17]
	v_mfma_f32_16x16x16_bf16 v[86:89], v[20:21], v[134:135], v[14:17]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000020) size(1) SyncID(0)
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
	; sched_group_barrier mask(0x00000100) size(1) SyncID(0)
	v_mfma_f32_16x16x16_bf16 v[6:9], v[10:11], v[132:133], v[6:9]
	v_mfma_f32_16x16x16_bf16 v[78:81], v[12:13], v[134:135], v[6:9]
	; sched_group_barrier mask(0x00000008) size(2) SyncID(0)
.LBB5_8:
	v_lshrrev_b32_e32 v2, 2, v0
	v_and_b32_e32 v2, 12, v2
	v_lshl_or_b32 v2, s2, 7, v2
	s_lshl_b32 s0, s3, 7
	v_lshlrev_b32_e32 v1, 5, v1
	v_and_b32_e32 v0, 15, v0
	v_or3_b32 v0, v0, s0, v1
	v_mul_lo_u32 v3, v2, s20
	s_and_b32 s5, s5, 0xffff
	s_mov_b32 s7, 0x20000
	s_brev_b32 s6, -2
	v_lshrrev_b32_e32 v4, 16, v126
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 1, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 2, v2
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 3, v2
	v_mul_lo_u32 v7, v7, s20
	v_or_b32_e32 v1, 16, v0
	v_add_lshl_u32 v8, v0, v7, 1
	buffer_store_short v4, v8, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v122
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 16, v2
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v118
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 17, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 18, v2
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 19, v2
	v_mul_lo_u32 v7, v7, s20
	v_add_lshl_u32 v8, v0, v7, 1
	buffer_store_short v4, v8, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v114
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 32, v2
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v110
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 33, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 34, v2
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 35, v2
	v_mul_lo_u32 v7, v7, s20
	v_add_lshl_u32 v8, v0, v7, 1
	buffer_store_short v4, v8, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v106
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 48, v2
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v102
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 49, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 50, v2
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 51, v2
	v_mul_lo_u32 v7, v7, s20
	v_add_lshl_u32 v8, v0, v7, 1
	buffer_store_short v4, v8, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v98
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 64, v2
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v94
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 0x41, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 0x42, v2
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 0x43, v2
	v_mul_lo_u32 v7, v7, s20
	v_add_lshl_u32 v8, v0, v7, 1
	buffer_store_short v4, v8, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v90
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 0x50, v2
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v86
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 0x51, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 0x52, v2
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 0x53, v2
	v_mul_lo_u32 v7, v7, s20
	v_add_lshl_u32 v8, v0, v7, 1
	buffer_store_short v4, v8, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v82
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 0x60, v2
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v78
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 0x61, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 0x62, v2
	v_mul_lo_u32 v6, v6, s20
	v_add_lshl_u32 v7, v0, v6, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	v_or_b32_e32 v7, 0x63, v2
	v_mul_lo_u32 v7, v7, s20
	v_add_lshl_u32 v8, v0, v7, 1
	buffer_store_short v4, v8, s[4:7], 0 offen
	v_lshrrev_b32_e32 v4, 16, v74
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v7, 1
	buffer_store_short v4, v3, s[4:7], 0 offen
	v_or_b32_e32 v3, 0x70, v2
	v_mul_lo_u32 v3, v3, s20
	v_lshrrev_b32_e32 v4, 16, v70
	v_add_lshl_u32 v5, v0, v3, 1
	buffer_store_short v4, v5, s[4:7], 0 offen
	v_or_b32_e32 v5, 0x71, v2
	v_mul_lo_u32 v5, v5, s20
	v_add_lshl_u32 v6, v0, v5, 1
	buffer_store_short v4, v6, s[4:7], 0 offen
	v_or_b32_e32 v6, 0x72, v2
	v_or_b32_e32 v2, 0x73, v2
	v_mul_lo_u32 v6, v6, s20
	v_mul_lo_u32 v2, v2, s20
	v_add_lshl_u32 v7, v0, v6, 1
	v_add_lshl_u32 v0, v0, v2, 1
	buffer_store_short v4, v7, s[4:7], 0 offen
	buffer_store_short v4, v0, s[4:7], 0 offen
	v_lshrrev_b32_e32 v0, 16, v66
	v_add_lshl_u32 v3, v1, v3, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v5, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	v_add_lshl_u32 v3, v1, v6, 1
	v_add_lshl_u32 v1, v1, v2, 1
	buffer_store_short v0, v3, s[4:7], 0 offen
	buffer_store_short v0, v1, s[4:7], 0 offen
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel preshuffle_bf16_m128n128k64_swz1_hint1
		.amdhsa_group_segment_fixed_size 32768
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
		.amdhsa_next_free_vgpr 192
		.amdhsa_next_free_sgpr 96
		.amdhsa_accum_offset 192
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
.Lfunc_end5:
	.size	preshuffle_bf16_m128n128k64_swz1_hint1, .Lfunc_end5-preshuffle_bf16_m128n128k64_swz1_hint1
                                        ; -- End function
	.set preshuffle_bf16_m128n128k64_swz1_hint1.num_vgpr, 192
	.set preshuffle_bf16_m128n128k64_swz1_hint1.num_agpr, 0
	.set preshuffle_bf16_m128n128k64_swz1_hint1.numbered_sgpr, 22
	.set preshuffle_bf16_m128n128k64_swz1_hint1.num_named_barrier, 0
	.set preshuffle_bf16_m128n128k64_swz1_hint1.private_seg_size, 0
	.set preshuffle_bf16_m128n128k64_swz1_hint1.uses_vcc, 1
	.set preshuffle_bf16_m128n128k64_swz1_hint1.uses_flat_scratch, 0
	.set preshuffle_bf16_m128n128k64_swz1_hint1.has_dyn_sized_stack, 0
	.set preshuffle_bf16_m128n128k64_swz1_hint1.has_recursion, 0
	.set preshuffle_bf16_m128n128k64_swz1_hint1.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 6720
; TotalNumSgprs: 28
; NumVgprs: 192
; NumAgprs: 0
; TotalNumVgprs: 192
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 32768 bytes/workgroup (compile time only)
; SGPRBlocks: 12
; VGPRBlocks: 23
; NumSGPRsForWavesPerEU: 102
; NumVGPRsForWavesPerEU: 192
; AccumOffset: 192
; Occupancy: 2
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 47
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
    .name:           preshuffle_bf16_m64n256k64_swz1_hint0
    .private_segment_fixed_size: 0
    .sgpr_count:     28
    .sgpr_spill_count: 0
    .symbol:         preshuffle_bf16_m64n256k64_swz1_hint0.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     228
    .vgpr_spill_count: 0
    .wavefront_size: 64
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
    .name:           preshuffle_bf16_m64n256k64_swz0_hint0
    .private_segment_fixed_size: 0
    .sgpr_count:     28
    .sgpr_spill_count: 0
    .symbol:         preshuffle_bf16_m64n256k64_swz0_hint0.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     234
    .vgpr_spill_count: 0
    .wavefront_size: 64
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
    .name:           preshuffle_bf16_m64n256k64_swz1_hint1
    .private_segment_fixed_size: 0
    .sgpr_count:     28
    .sgpr_spill_count: 0
    .symbol:         preshuffle_bf16_m64n256k64_swz1_hint1.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     236
    .vgpr_spill_count: 0
    .wavefront_size: 64
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
    .name:           preshuffle_bf16_m32n128k128_swz1_hint0
    .private_segment_fixed_size: 0
    .sgpr_count:     28
    .sgpr_spill_count: 0
    .symbol:         preshuffle_bf16_m32n128k128_swz1_hint0.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     118
    .vgpr_spill_count: 0
    .wavefront_size: 64
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
    .name:           preshuffle_bf16_m32n128k128_swz0_hint1
    .private_segment_fixed_size: 0
    .sgpr_count:     28
    .sgpr_spill_count: 0
    .symbol:         preshuffle_bf16_m32n128k128_swz0_hint1.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     120
    .vgpr_spill_count: 0
    .wavefront_size: 64
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
    .group_segment_fixed_size: 32768
    .kernarg_segment_align: 8
    .kernarg_segment_size: 36
    .max_flat_workgroup_size: 256
    .name:           preshuffle_bf16_m128n128k64_swz1_hint1
    .private_segment_fixed_size: 0
    .sgpr_count:     28
    .sgpr_spill_count: 0
    .symbol:         preshuffle_bf16_m128n128k64_swz1_hint1.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     192
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
