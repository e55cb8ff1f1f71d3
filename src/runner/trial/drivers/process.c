/* The hogger and any command: started, followed to their exit; what they did, trial_record
 * reads for every driver (elapsed, CPU, faults, the hogger's own reports). */
#include "runner/trial/drivers/driver.h"

const struct workload_driver driver_hogger = {
	.name = "hogger",
	.help = "zswapbench's own workload: it writes --alloc of --data, then touches it as "
		"--access says",
	.by_name = 1,
	.follow = driver_follow_jobs,
};

const struct workload_driver driver_command = {
	.name = "command",
	.help = "any program, the words after --, its elapsed time its primary metric",
	.follow = driver_follow_jobs,
};
