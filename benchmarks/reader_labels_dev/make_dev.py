"""The hand labels of the reader's development set, as data, and the script that writes them out as
benchmarks/reader_labels_dev/dev.jsonl (queries and gold values are copied from the upstream files,
never typed). See README.md beside this file for how the pairs were chosen and labelled.

    python benchmarks/reader_labels_dev/make_dev.py      # upstream: $TRAJGEN_UPSTREAM or ../shared/upstream
"""
import json
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
U = str(Path(os.environ.get("TRAJGEN_UPSTREAM") or ROOT.parent / "shared" / "upstream")) + "/"
T7='trailbench/query/history_query/u7/all_generated_queries_u7_gpt.json'
T8='trailbench/query/history_query/u8/all_generated_queries_u8_gpt.json'
T10='trailbench/query/history_query/u10/all_generated_queries_u10_gpt.json'
MS='traject-bench/public_data/parallel/Music/simple_ver.json'
MH='traject-bench/public_data/parallel/Music/hard_ver.json'
SQ='traject-bench/public_data/sequential/Travel/simple_ver.json'
S,D,H,O='stated','described','hinted','omitted'
# (file, record, level, paraphrase, call, param, label, determined, evidence[, source])
L=[
 (T7,0,'High Difficulty',0,0,'keyword',O,False,'"something to keep mosquitoes away": a need, not the item'),
 (T7,0,'High Difficulty',0,0,'sort_by',O,False,'no hint; default comprehensive_ranking; history Taobao calls mostly comprehensive_ranking'),
 (T7,0,'High Difficulty',0,0,'arrived_tomorrow',O,True,'schema default false'),
 (T7,0,'High Difficulty',0,0,'free_shipping',O,True,'Taobao search_goods calls: last true, most frequent true (2 of 3)'),
 (T7,4,'Minimum Difficulty',0,0,'location',S,None,'on Qinghe Road, Jiading District, Shanghai'),
 (T7,4,'Minimum Difficulty',0,0,'name',S,None,"a McDonald's"),
 (T7,4,'Minimum Difficulty',0,0,'is_delivery',S,None,'I want to dine in (false is dine-in)'),
 (T7,4,'Minimum Difficulty',0,0,'food',S,None,'order McNuggets'),
 (T7,4,'Minimum Difficulty',0,0,'order_by',S,None,'sort the options by price from low to high'),
 (T7,4,'Minimum Difficulty',0,0,'disliked_foods',S,None,"I don't want Coke"),
 (T7,7,'Minimum Difficulty',0,0,'start_name',S,None,'from Zhangjiang Laboratory'),
 (T7,7,'Minimum Difficulty',0,0,'end_name',S,None,'to Shanghai Jiao Tong University'),
 (T7,7,'Minimum Difficulty',0,0,'product_type',S,None,'an express car service'),
 (T7,7,'Minimum Difficulty',0,0,'ride_type',S,None,'express (the word is said)'),
 (T8,3,'Low Difficulty',1,0,'keyword',S,None,'a facial cleanser'),
 (T8,3,'Low Difficulty',1,0,'max_price',S,None,'under 50 yuan'),
 (T8,3,'Low Difficulty',1,0,'sort_by',O,False,'Taobao named; its one call sorted by comprehensive_ranking; default comprehensive_ranking'),
 (T8,3,'Low Difficulty',1,0,'arrived_tomorrow',O,True,'schema default false'),
 (T8,3,'Low Difficulty',1,0,'free_shipping',O,True,'schema default false'),
 (T8,17,'Minimum Difficulty',0,0,'location',S,None,"I'm at Shanghai Jiao Tong University"),
 (T8,17,'Minimum Difficulty',0,0,'name',S,None,'Yongping Road KFC'),
 (T8,17,'Minimum Difficulty',0,0,'is_delivery',S,None,'dine in'),
 (T8,17,'Minimum Difficulty',0,0,'food',O,False,'no KFC order in the history'),
 (T8,17,'Minimum Difficulty',0,0,'order_by',O,True,'schema default default_sorting'),
 (T8,17,'Minimum Difficulty',0,0,'meal_type',S,None,'for dinner'),
 (T8,20,'Medium Difficulty',1,0,'keyword',S,None,'tissues'),
 (T8,20,'Medium Difficulty',1,0,'sort_by',O,False,'Taobao calls: tie between comprehensive_ranking and review_score_descending; default comprehensive_ranking'),
 (T8,20,'Medium Difficulty',1,0,'arrived_tomorrow',O,True,'schema default false'),
 (T8,20,'Medium Difficulty',1,0,'free_shipping',O,True,'schema default false'),
 (T10,11,'Minimum Difficulty',0,0,'category',S,None,'that are comprehensive'),
 (T10,11,'Minimum Difficulty',0,0,'upload_date',S,None,'no limit on upload date'),
 (T10,11,'Minimum Difficulty',0,0,'sort_by',S,None,'sorted by high views'),
 (T10,12,'Medium Difficulty',1,0,'keyword',O,False,'"stretching exercise plan": running is not said (a part only)'),
 (T10,12,'Medium Difficulty',1,0,'sort_by',O,True,'schema default smart_sorting'),
 (T10,12,'Medium Difficulty',1,0,'duration',S,None,'lasts more than 30 minutes'),
 (T10,12,'Medium Difficulty',1,0,'equipment',O,False,'default all; no KEEP plan search in the history'),
 (T10,26,'Medium Difficulty',0,0,'keyword',S,None,'a running stretch exercise plan'),
 (T10,26,'Medium Difficulty',0,0,'sort_by',O,True,'schema default smart_sorting'),
 (T10,26,'Medium Difficulty',0,0,'duration',O,False,'default all; the one earlier search used more_than_30_min'),
 (T10,26,'Medium Difficulty',0,0,'equipment',O,True,'the one earlier search: no_equipment (most recent and most frequent)'),
]
simple79=[(0,'song','Without Me'),(1,'browse_id','browse_id MPREb_gTAcGbsqUJR'),(2,'artist','artist Halsey'),(3,'artist_id','artist_id 26VFTg2z8YR0cCuwLzESi2'),
 (4,'date','for 2023-05-01'),(5,'limit','limit 20'),(5,'page','page 1'),(5,'order','order ASC'),(6,'year','year 2022'),
 (7,'track','https://open.spotify.com/track/...'),(8,'per_page','per_page 10'),(8,'period','period week'),(8,'page','page 1'),(9,'limit','limit 15'),(9,'page','page 1')]
L+=[(MS,79,'simple',0,c,p,S,None,e) for c,p,e in simple79]
simple100=[(0,'artist_id','artist_id 06HL4z0CvFAxyc27GXpf02'),(1,'ids','ids 6kZ42...,1yGb...,1NAm...'),(2,'milestone','fastest to 1000M views'),
 (3,'year','year 2023'),(3,'nthweek','nthweek 45'),(4,'chart_genre','genre pop'),(4,'time_period','top songs (day)'),(4,'per_page','per_page 20'),
 (5,'song',"'You Should Be Sad'"),(6,'term',"for 'Taylor Swift'"),(6,'limit','limit 10')]
L+=[(MS,100,'simple',0,c,p,S,None,e) for c,p,e in simple100]
L+=[
 (MH,199,'hard',0,0,'lang',S,None,'labels moods in de'),
 (MH,199,'hard',0,1,'q',O,True,'not said; the catalog default is Twice'),
 (MH,199,'hard',0,1,'by',O,True,'catalog default Group Name'),
 (MH,199,'hard',0,2,'q',O,True,'not said; the catalog default is BTS'),
 (MH,199,'hard',0,2,'by',O,True,'catalog default Group Name'),
 (MH,199,'hard',0,3,'year',O,False,'no year said; default 2018'),
 (MH,199,'hard',0,4,'date',O,False,'no date said; default 2021-11-06'),
 (MH,199,'hard',0,4,'range',O,True,'catalog default 1-10'),
 (MH,199,'hard',0,5,'nationality',S,None,'for vietnamese artists'),
 (MH,199,'hard',0,6,'page',O,True,'catalog default 1'),
 (MH,199,'hard',0,6,'per_page',O,True,'catalog default 10'),
 (MH,199,'hard',0,7,'region',O,True,'"choose the obvious setting for the market": no market named; the description says "Defaults to `US`" (a default written in the description counts, guidelines\' clarifications)'),
 (MH,199,'hard',0,8,'year',O,False,'no year said; default 2019'),
 (MH,199,'hard',0,9,'term',O,False,'not said; default Ludovico'),
 (MH,199,'hard',0,9,'limit',O,False,'not said; no default'),
 (SQ,36,'sequential',0,0,'name',O,False,'the text says Tokyo and New York, not Bangkok; default Los'),
 (SQ,36,'sequential',0,1,'direction',S,None,'flights available from JFK airport: departures'),
 (SQ,36,'sequential',0,1,'ident',O,False,'from step 1 output (several ids, BKK and DMK); the text names JFK instead','previous_output'),
 (SQ,36,'sequential',0,1,'time',O,False,'"next week" without a query time; default is another date'),
 (SQ,36,'sequential',0,2,'days',O,True,'the text says 5 days; the catalog default is 3'),
 (SQ,36,'sequential',0,2,'destination',O,True,'the text says Tokyo; the catalog default is London,UK'),
 (SQ,36,'sequential',0,3,'DepartureAirport',O,True,'step 1 output; "the first ... option": its first id is BKK','previous_output'),
 (SQ,36,'sequential',0,3,'FlightType',O,False,'not said; no catalog entry'),
 (SQ,36,'sequential',0,3,'ServiceType',O,False,'not said; no catalog entry'),
 (SQ,36,'sequential',0,3,'CodeType',O,False,'not said; no catalog entry'),
 (SQ,36,'sequential',0,3,'version',O,False,'not said; no catalog entry'),
]

T8h='trailbench/query/history_query/u8/all_generated_queries_u8_gpt.json'
L+=[
 (T8h,2,'Medium Difficulty',0,0,'start_name',H,True,'"the hospital": the history ties it to one place, Fifth People\'s Hospital (the last ride\'s destination)'),
 (T8h,2,'Medium Difficulty',0,0,'end_name',H,True,'"the university": the one university value, Shanghai Jiao Tong University'),
 (T8h,2,'Medium Difficulty',0,0,'product_type',O,True,'every Didi ride: taxi (most recent and most frequent)'),
 (T8h,2,'Medium Difficulty',0,0,'ride_type',O,True,'every Didi ride: taxi'),
 (T8h,15,'High Difficulty',0,0,'start_name',O,False,'no hint; GaodeMap routes mostly start at the university'),
 (T8h,15,'High Difficulty',0,0,'end_name',H,True,'"the university": Shanghai Jiao Tong University by far the most frequent university value'),
 (T8h,15,'High Difficulty',0,0,'cartype',O,True,'the one earlier GaodeMap route: public_transit'),
 (T8h,15,'High Difficulty',0,0,'strategy',O,True,'the one earlier GaodeMap route: subway_first'),
 (T8h,8,'Medium Difficulty',1,0,'location',H,True,'"around my location": the last food order location, the student dormitory'),
 (T8h,8,'Medium Difficulty',1,0,'is_delivery',S,None,'delivery options'),
 (T8h,8,'Medium Difficulty',1,0,'food',O,False,'no JDWaimai recommendation in the history'),
 (T8h,8,'Medium Difficulty',1,0,'order_by',O,True,'schema default default_sorting'),
 (T8h,8,'Medium Difficulty',1,0,'min_price',O,True,'no price said; min_price 0 is the most recent and most frequent over the food apps (the annotators\' scope: no app named, the kind is clear)'),
 (T8h,8,'Medium Difficulty',1,0,'max_price',O,True,'no price said; max_price 40 is the most recent and most frequent over the food apps (the annotators\' scope)'),
 (T8h,24,'Medium Difficulty',1,0,'location',H,False,'"around here": the last food location is the student dormitory, not Safari Park'),
 (T8h,24,'Medium Difficulty',1,0,'is_delivery',O,False,'"dining options" does not settle delivery; no Meituan recommendation before'),
 (T8h,24,'Medium Difficulty',1,0,'order_by',O,True,'schema default default_sorting'),
 (T7,27,'Medium Difficulty',0,0,'location',H,True,'"nearby": the last food location, Siyuan Gate South'),
 (T7,27,'Medium Difficulty',0,0,'name',O,False,'no hint; the last Eleme search was Mixue Bingcheng'),
 (T7,27,'Medium Difficulty',0,0,'is_delivery',S,None,'a delivery option'),
 (T7,27,'Medium Difficulty',0,0,'food',S,None,'craving spicy chicken'),
 (T7,27,'Medium Difficulty',0,0,'order_by',O,True,'schema default default_sorting'),
 (T7,27,'Medium Difficulty',0,0,'meal_type',S,None,'for lunch'),
]

L+=[
 (SQ,0,'sequential',0,0,'limit',O,True,'not said; the catalog lists this tool name twice, with defaults 100 (first) and 500'),
 (SQ,0,'sequential',0,1,'cityid_ppn',O,True,'step 1 output: the query picks the westernmost Alaskan city','previous_output'),
 (SQ,0,'sequential',0,1,'language',O,True,'catalog default fr-FR'),
 (SQ,0,'sequential',0,1,'limit',O,True,'catalog default 100'),
 (SQ,0,'sequential',0,2,'hotel_id',O,True,'step 2 returned no hotels; catalog default 700008849'),
]
for prm,val in [('promo',True),('photos','1'),('videos',True),('guest_score_breakdown',True),('reviews','1'),('sid','iSiX639'),
                ('important_info',True),('recent',True),('plugins',True),('id_lookup',True),('nearby',True)]:
    L.append((SQ,0,'sequential',0,2,prm,O,True,f'not said; catalog default {val!r}'))
L+=[
 (MH,25,'hard',0,0,'time_period',S,None,'surface trending artists on Genius this week'),
 (MH,25,'hard',0,0,'per_page',S,None,'cap at 20 (said for the Genius artists)'),
 (MH,25,'hard',0,1,'year',O,False,'not said; default 2018'),
 (MH,25,'hard',0,2,'year',O,False,'not said; default 2017'),
 (MH,25,'hard',0,3,'q',O,False,'K-POP songs never asked for; default Spring Day'),
 (MH,25,'hard',0,3,'by',O,False,'default Song Name'),
 (MH,25,'hard',0,3,'limit',O,False,'the only 20s are said for the Genius charts'),
 (MH,25,'hard',0,4,'q',O,True,'catalog default BTS'),
 (MH,25,'hard',0,4,'by',O,False,'default Group Name'),
 (MH,25,'hard',0,4,'limit',O,False,'not said, no default'),
 (MH,25,'hard',0,5,'time_period',O,False,'albums are never asked for'),
 (MH,25,'hard',0,5,'per_page',O,False,'albums are never asked for; default 10'),
 (MH,25,'hard',0,6,'gl',O,True,'catalog default US'),
 (MH,25,'hard',0,7,'chart_genre',S,None,'Genius song trends this week in rock'),
 (MH,25,'hard',0,7,'time_period',S,None,'this week'),
 (MH,25,'hard',0,7,'per_page',S,None,'cap at 20'),
 (T8h,14,'High Difficulty',0,0,'start_name',O,False,'no hint; the last ride ended at the Exit-Entry office but nothing points there'),
 (T8h,14,'High Difficulty',0,0,'end_name',H,False,'"the university": several campus values; the most frequent is Shanghai Jiao Tong University, not the Xuhui Campus'),
 (T8h,14,'High Difficulty',0,0,'product_type',O,True,'every Didi ride: taxi'),
 (T8h,14,'High Difficulty',0,0,'ride_type',O,True,'every Didi ride: taxi'),
 (T8h,17,'High Difficulty',0,0,'location',S,None,"I'm at Shanghai Jiao Tong University"),
 (T8h,17,'High Difficulty',0,0,'name',O,False,'no KFC search before'),
 (T8h,17,'High Difficulty',0,0,'is_delivery',S,None,'want to eat out'),
 (T8h,17,'High Difficulty',0,0,'food',O,False,'no KFC order before'),
 (T8h,17,'High Difficulty',0,0,'order_by',O,True,'schema default default_sorting'),
 (T8h,17,'High Difficulty',0,0,'meal_type',O,True,'dinner at 18:35'),
]
def gold_and_query(f, rec, level, para, call, param):
    d=json.loads(Path(U+f).read_text(encoding='utf-8'))
    r=d[rec]
    if f.startswith('trail'):
        return r['query'][level][para], f"{r['answer']['toolname']}.{r['answer']['apiname']}", r['answer']['parameters'][param]
    entries=r.get('tool list', r.get('tool_list'))
    e=entries[call]
    vals={p['name']:p['value'] for p in e['required parameters']+e['optional parameters']}
    return r['query'], ' '.join(e['tool name'].split()), vals[param]
with open(Path(__file__).with_name('dev.jsonl'), 'w') as out:
    for row in L:
        f,rec,level,para,call,param,label,det,ev=row[:9]
        q,tool,gold=gold_and_query(f,rec,level,para,call,param)
        line={'file':f,'record':rec,'level':level,'paraphrase':para,'call':call,'query':q,'tool':tool,'param':param,'gold':gold,
              'label':label,'determined':det}
        if len(row)>9: line['source']=row[9]
        line.update({'evidence':ev,'labeler':'dev-hand (issue-22 reader author; dev files only)'})
        out.write(json.dumps(line, ensure_ascii=False)+'\n')
print(len(L))
