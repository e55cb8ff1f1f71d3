/* Config files opened once, only when regular and not too large, and given to inih rewound. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/base/ini_line.h"

static char conf[64];

static void write_conf(const char *text)
{
	int fd;

	snprintf(conf, sizeof(conf), "/tmp/zsb-ini-XXXXXX");
	fd = mkstemp(conf);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

static void remove_conf(void)
{
	if (conf[0])
		unlink(conf);
}

/* Opened once and read from the start: what config_open checked is what inih reads. */
Test(ini_open, the_file_is_given_rewound, .fini = remove_conf)
{
	char buf[32];
	FILE *f = NULL;

	write_conf("[run]\ntrials = 3\n");
	cr_assert_eq(config_open(conf, &f), 0);
	cr_assert_not_null(f);
	cr_assert_not_null(fgets(buf, sizeof(buf), f));
	cr_assert_str_eq(buf, "[run]\n");
	cr_assert(fcntl(fileno(f), F_GETFD) & FD_CLOEXEC);
	cr_assert_eq(fcntl(fileno(f), F_GETFL) & O_NONBLOCK, 0, "blocking again once checked");
	fclose(f);
}

/* A FIFO, a device, a folder: read forever, or not a file at all. */
Test(ini_open, only_a_regular_file_is_read, .timeout = 10)
{
	char fifo[64] = "/tmp/zsb-fifo-XXXXXX";
	FILE *f = NULL;

	cr_assert_eq(config_open("/dev/zero", &f), -EINVAL);
	cr_assert_null(f);
	cr_assert_eq(config_open("/tmp", &f), -EINVAL);
	cr_assert_not_null(mkdtemp(fifo));
	strcat(fifo, "/f");
	cr_assert_eq(mkfifo(fifo, 0600), 0);
	cr_assert_eq(config_open(fifo, &f), -EINVAL, "no writer: the open does not wait");
	unlink(fifo);
	*strrchr(fifo, '/') = '\0';
	rmdir(fifo);
	cr_assert_str_eq(config_open_error(-EINVAL), "not a regular file");
	cr_assert_str_eq(config_open_error(-ENOENT), "No such file or directory");
}

Test(ini_open, a_file_over_a_mebibyte_is_refused, .fini = remove_conf)
{
	FILE *f = NULL;

	char *lines = malloc(CONFIG_FILE_MAX + 1);

	memset(lines, '\n', CONFIG_FILE_MAX);
	lines[CONFIG_FILE_MAX] = '\0';
	write_conf(lines);
	free(lines);
	cr_assert_eq(config_open(conf, &f), 0, "1M exactly is read");
	fclose(f);
	f = NULL;
	cr_assert_eq(truncate(conf, CONFIG_FILE_MAX + 1), 0);
	cr_assert_eq(config_open(conf, &f), -EFBIG);
	cr_assert_null(f);
	cr_assert_str_eq(config_open_error(-EFBIG),
			 "larger than 1M, more than any config file holds");
}
