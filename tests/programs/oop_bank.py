class InsufficientFunds(Exception):
    def __init__(self, needed):
        super().__init__(f"need {needed} more")
        self.needed = needed
class Account:
    rate = 0.01
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.history = []
    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history.append(("dep", amount))
        return self
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(amount - self.balance)
        self.balance -= amount
        self.history.append(("wd", amount))
        return self
    def __repr__(self):
        return f"Account({self.owner!r}, {self.balance})"
class Savings(Account):
    rate = 0.05
    def add_interest(self):
        self.deposit(round(self.balance * self.rate, 2))
acct = Savings("ann", 100)
acct.deposit(50).withdraw(30)
acct.add_interest()
print(acct, acct.history)
for amount in (1000, -5):
    try:
        if amount > 0:
            acct.withdraw(amount)
        else:
            acct.deposit(amount)
    except InsufficientFunds as e:
        print("insufficient:", e, e.needed)
    except ValueError as e:
        print("bad:", e)
