# Using the time module to parse and format without the current clock
import calendar
import time

parsed = time.strptime("2023-11-05 17:42:03", "%Y-%m-%d %H:%M:%S")
print(parsed.tm_year, parsed.tm_mon, parsed.tm_mday, parsed.tm_hour, parsed.tm_yday, parsed.tm_wday)
print(time.strftime("%d %b %Y, %H:%M", parsed))
epoch = calendar.timegm(parsed)
print("seconds since epoch (UTC):", epoch)
print(time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(epoch)))
print(time.strftime("%a %d %b %Y", time.gmtime(0)))
print(time.asctime(time.gmtime(1_700_000_000)))
