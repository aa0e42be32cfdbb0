# Simulate a predator-prey population model with per-generation logging.
import logging
import sys

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(message)s", stream=sys.stdout)
log = logging.getLogger(__name__)

prey, predators = 100.0, 20.0
a, b, c, d = 0.1, 0.005, 0.075, 0.0015
for gen in range(1, 11):
    new_prey = prey + a * prey - b * prey * predators
    new_pred = predators + d * prey * predators - c * predators
    prey, predators = max(new_prey, 0), max(new_pred, 0)
    if gen % 2 == 0:
        log.info("generation %2d: prey=%.1f predators=%.1f", gen, prey, predators)
    if prey < 50:
        log.warning("prey population low at generation %d", gen)
print(f"final ratio prey/predator: {prey / predators:.3f}")
