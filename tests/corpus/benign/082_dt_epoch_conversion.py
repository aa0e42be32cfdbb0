# Converting between Unix timestamps and aware datetimes
from datetime import datetime, timedelta, timezone

for ts in [0, 1_000_000_000, 1_700_000_000, 2_147_483_647]:
    dt = datetime.fromtimestamp(ts, tz=timezone.utc)
    print(f"{ts:>10} -> {dt.isoformat()}")
dt = datetime(2024, 2, 29, 12, 0, tzinfo=timezone.utc)
print("timestamp:", dt.timestamp())
ist = timezone(timedelta(hours=5, minutes=30))
print("same instant in IST:", datetime.fromtimestamp(dt.timestamp(), tz=ist))
print("from ms:", datetime.fromtimestamp(1_718_000_000_123 / 1000, tz=timezone.utc))
