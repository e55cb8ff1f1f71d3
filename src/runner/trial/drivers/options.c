/* The rows every device target shares, the walk over them and each driver's own rows
 * (trial/drivers/options.h), and the texts of the drivers' settings. */
#include "runner/trial/drivers/options.h"

#include <stdint.h>

#include "common/util.h"
#include "runner/trial/drivers/driver.h"
#include "runner/trial/drivers/settings.h"

#define FIELD(f) OPTION_FIELD(struct driver_settings, f)

/* In enum device_use's order (swap/backend.h; a unit test holds them together). */
static const char *const targets[] = { "swap", "block", "fs", NULL };

/* The row both device drivers share: what the device is used as picks one of them, or
 * neither (swap). */
static const struct option_desc shared_rows[] = {
	{ "target", 0, OT_ENUM, FIELD(device.target), 0, 0, "swap", NULL, "USE", NULL,
	  .choices = targets, .example = "block",
	  .help = "what the device is used as: swap, a block device fio measures, or a "
		  "filesystem the command runs in (fs)",
	  .group = G_DEVICE, .scope = SCOPE_DRIVER },
	{ 0 }
};

const struct option_desc *driver_option_row(enum option_group group, size_t k)
{
	const struct option_desc *row = option_rows_nth(shared_rows, group, &k);

	for (size_t i = 0; !row && i < workload_driver_count; i++)
		row = option_rows_nth(workload_drivers[i]->option_rows, group, &k);
	return row;
}

static const size_t texts[] = {
	offsetof(struct driver_settings, device.read_back),
	offsetof(struct driver_settings, service.load),
	offsetof(struct driver_settings, service.ready),
	offsetof(struct driver_settings, service.load_warmup),
};

size_t driver_settings_text(size_t k)
{
	return k < ARRAY_SIZE(texts) ? texts[k] : SIZE_MAX;
}
