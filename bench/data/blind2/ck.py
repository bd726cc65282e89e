import sys,os;sys.path.insert(0,os.path.dirname(__file__))
from aliases import A; from lk import get
W=int(os.environ.get('W','90'))
for spec in sys.argv[1:]:
    law,arts=spec.split(':')
    for a in arts.split(','):
        t=get(A.get(law,law),int(a)); print(law,a,(t or 'NONE')[:W].replace('\n',' '))
