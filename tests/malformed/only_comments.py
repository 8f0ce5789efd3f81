# expect: 0
# nothing here
   # indented comment

