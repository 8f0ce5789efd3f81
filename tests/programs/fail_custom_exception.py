class ValidationError(Exception):
    pass
def validate(v):
    if v < 0:
        raise ValidationError(f"negative value: {v}")
    return v
print(validate(5))
validate(-3)
