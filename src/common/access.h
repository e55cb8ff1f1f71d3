/* How the hogger touches its memory after the fill: the part of a workload that swaps in. */
#ifndef ZSB_ACCESS_H
#define ZSB_ACCESS_H

enum access_kind {
	ACCESS_FILL,
	ACCESS_REREAD,
	ACCESS_RANDOM,
	ACCESS_HOT,
	ACCESS_TABS
};

struct access {
	enum access_kind kind;
	unsigned passes; /* reread:N, random:N, hot:PCT:N; tabs: the cycles (pokes) */
	unsigned seconds; /* reread:Ns, random:Ns, hot:PCT:Ns: passes for this long; 0: passes */
	unsigned hot_pct; /* hot:PCT:N */
	int zipf; /* hot:PCT:N:zipf; uniform otherwise */
	/* hot:...:last: the hot set is the last pages written, the newest (a replayed profile's
	 * hot regions); the first, the oldest, otherwise */
	int hot_last;
	unsigned tabs; /* tabs:N:CYCLES: N processes, one poked per cycle */
	int recent; /* tabs:...:exp: recently poked tabs are poked again more often */
};

/* "fill", "reread:N", "random:N", "hot:PCT:N[:uniform|:zipf][:last]",
 * "tabs:N:CYCLES[:exp|:uniform]",
 * where N in the first three may be "Ns": seconds; 0 or -EINVAL. */
int access_parse(const char *spec, struct access *a);
const char *access_help(void);

#endif
