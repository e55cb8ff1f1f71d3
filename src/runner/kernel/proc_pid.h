/*
 * Another process's memory as /proc shows it to root (or to a tracer of it): its mappings
 * (smaps), its pages' referenced bits (clear_refs), where each page is (pagemap) and what it
 * holds (mem). The recorder's only way in (profile/).
 */
#ifndef ZSB_PROC_PID_H
#define ZSB_PROC_PID_H
#include <stddef.h>
#include <stdint.h>

/* /proc/PID/smaps whole, to free; its length, or -errno (-ENOENT: no such process). */
int proc_pid_smaps(int pid, char **text);
/* Clears the referenced bits of every page of the process (clear_refs "1"), so that smaps'
 * Referenced counts what it touches from now on. */
int proc_pid_clear_refs(int pid);
/* The process's name (comm), without its newline. */
int proc_pid_comm(int pid, char *buf, size_t len);
/* Its pagemap and its mem, opened to read: a descriptor or -errno. */
int proc_pid_open_pagemap(int pid);
int proc_pid_open_mem(int pid);

/* A pagemap entry (Documentation/admin-guide/mm/pagemap.rst): in RAM, in swap, and whether the
 * page is a file's or shared anonymous memory (bit 61): only a private page is the process's
 * own to swap. */
#define PAGEMAP_PRESENT (1ULL << 63)
#define PAGEMAP_SWAPPED (1ULL << 62)
#define PAGEMAP_FILE_OR_SHARED (1ULL << 61)

#endif
