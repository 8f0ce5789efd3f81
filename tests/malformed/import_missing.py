# expect: 1 ModuleNotFoundError: No module named 'numpy'
import numpy
