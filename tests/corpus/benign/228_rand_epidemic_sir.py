# A simple stochastic SIR epidemic model
import random

rng = random.Random(2020)
population = 1000
infected, recovered = 5, 0
susceptible = population - infected
beta, gamma = 0.3, 0.1
day = 0
peak = (0, infected)
while infected > 0 and day < 365:
    p_infect = 1 - (1 - beta / population) ** infected
    new_inf = sum(1 for _ in range(susceptible) if rng.random() < p_infect)
    new_rec = sum(1 for _ in range(infected) if rng.random() < gamma)
    susceptible -= new_inf
    infected += new_inf - new_rec
    recovered += new_rec
    day += 1
    if infected > peak[1]:
        peak = (day, infected)
    if day % 20 == 0:
        print(f"day {day:>3}: S={susceptible:>4} I={infected:>4} R={recovered:>4}")
print(f"ended on day {day}; peak {peak[1]} infected on day {peak[0]}; never infected: {susceptible}")
